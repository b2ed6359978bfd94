import { formatDateTime, type SortableColumn } from '@console/shared';
import type { AlertStatus } from '@console/shared';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router-dom';
import { useAlerts } from '../../api/alert-list';
import { useLogError } from '../../api/http-helpers';
import { useServerTable } from '../../tables/useServerTable';
import { PriorityChip } from '../common/PriorityChip';
import { SelectableTable } from './SelectableTable';
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

export const ALERTS_ERROR = 'Could not load alerts';

const FILTERS = { status: ['OPEN', 'CLOSED'] } as const;

/**
 * Every alert of the tenant, newest first. A row click reports alert_uid (navigation on the
 * first report only); the alert name and the device are also plain links.
 */
export function AlertsTable({ onVariablesChange }: { onVariablesChange: OnVariablesChange }) {
  const table = useServerTable({
    prefix: 'alerts',
    columns: COLUMNS,
    defaultOrderBy: 'elastic_alert_created_at',
    defaultDirection: 'desc',
    filters: FILTERS,
  });
  const status = table.filters.status as AlertStatus | '';
  const { data, error, isValidating, mutate } = useAlerts({ ...table.params, status });
  useLogError(error, 'Loading the alert list');
  const rows = error ? [] : (data?.results ?? []);
  return (
    <WidgetCard title="Alerts">
      <ServerTableFrame
        table={table}
        count={error || !data ? null : data.count}
        searchLabel="Search alerts"
        loading={isValidating}
        filters={
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => table.setFilter('status', event.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">All</MenuItem>
            <MenuItem value="OPEN">OPEN</MenuItem>
            <MenuItem value="CLOSED">CLOSED</MenuItem>
          </TextField>
        }
      >
        <SelectableTable
          label="Alerts"
          columns={COLUMNS}
          table={table}
          rows={rows}
          emptyText={Boolean(data) && 'No alerts.'}
          error={error ? { message: ALERTS_ERROR, onRetry: () => void mutate() } : null}
          link={(alert) => ({ to: `/alerts/${alert.uid}`, text: alert.name })}
          onSelect={(alert) => onVariablesChange({ alert_uid: alert.uid })}
          cells={(alert) => (
            <>
              <TableCell>
                {alert.device ? (
                  <Link
                    component={RouterLink}
                    to={`/devices/${encodeURIComponent(alert.device)}`}
                    // Opens the device only: the row's own click would report the alert.
                    onClick={(event) => event.stopPropagation()}
                  >
                    {alert.device_hostname || alert.device}
                  </Link>
                ) : (
                  alert.device_hostname
                )}
              </TableCell>
              <TableCell>
                <PriorityChip priority={alert.priority} />
              </TableCell>
              <TableCell>{alert.status}</TableCell>
              <TableCell>{formatDateTime(alert.elastic_alert_created_at)}</TableCell>
            </>
          )}
        />
      </ServerTableFrame>
    </WidgetCard>
  );
}
