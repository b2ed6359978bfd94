import { SortableTableHead, type SortableColumn } from '@console/shared';
import type { AlertStatus } from '@console/shared';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAlerts } from '../../api/alert-list';
import { useLogError } from '../../api/http-helpers';
import { useServerTable } from '../../tables/useServerTable';
import { formatDateTime } from '../common/format';
import { PriorityChip } from '../common/PriorityChip';
import { ServerTableFrame } from './ServerTableFrame';
import type { OnVariablesChange } from './variables';
import { WidgetCard } from './WidgetCard';

const COLUMNS: SortableColumn[] = [
  { id: 'name', label: 'Alert', sortField: 'name' },
  { id: 'device', label: 'Device', sortField: 'device_hostname' },
  { id: 'priority', label: 'Priority', sortField: 'priority' },
  { id: 'status', label: 'Status', sortField: 'status' },
  { id: 'created', label: 'Created', sortField: 'elastic_alert_created_at' },
];

/**
 * Every alert of the tenant, newest first. A row click reports alert_uid (navigation on the
 * first report only); the alert name is also a plain link.
 */
export function AlertsTable({ onVariablesChange }: { onVariablesChange: OnVariablesChange }) {
  const table = useServerTable('elastic_alert_created_at', 'desc');
  const [status, setStatus] = useState<AlertStatus | ''>('');
  const { data, error, isValidating } = useAlerts({ ...table.params, status });
  useLogError(error, 'Loading the alert list');
  const rows = error ? [] : (data?.results ?? []);
  return (
    <WidgetCard title="Alerts">
      <ServerTableFrame
        table={table}
        count={error ? 0 : (data?.count ?? 0)}
        searchLabel="Search alerts"
        loading={isValidating}
        filters={
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as AlertStatus | '');
              table.setPage(0);
            }}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">All</MenuItem>
            <MenuItem value="OPEN">OPEN</MenuItem>
            <MenuItem value="CLOSED">CLOSED</MenuItem>
          </TextField>
        }
      >
        <TableContainer sx={{ maxHeight: 400 }}>
          <Table size="small" stickyHeader aria-label="Alerts">
            <SortableTableHead columns={COLUMNS} orderBy={table.orderBy} direction={table.direction} onSort={table.sortBy} />
            <TableBody>
              {rows.map((alert) => (
                <TableRow
                  key={alert.uid}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => onVariablesChange({ alert_uid: alert.uid })}
                >
                  <TableCell>
                    <Link component={RouterLink} to={`/alerts/${alert.uid}`} onClick={(event) => event.stopPropagation()}>
                      {alert.name}
                    </Link>
                  </TableCell>
                  <TableCell>{alert.device_hostname}</TableCell>
                  <TableCell>
                    <PriorityChip priority={alert.priority} />
                  </TableCell>
                  <TableCell>{alert.status}</TableCell>
                  <TableCell>{formatDateTime(alert.elastic_alert_created_at)}</TableCell>
                </TableRow>
              ))}
              {data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>No alerts.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </ServerTableFrame>
    </WidgetCard>
  );
}
