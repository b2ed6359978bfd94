import { formatDateTime, type SortableColumn } from '@console/shared';
import TableCell from '@mui/material/TableCell';
import { useDevices } from '../../api/device-list';
import { useLogError } from '../../api/http-helpers';
import { useServerTable } from '../../tables/useServerTable';
import { CVE_PAIRS, HIGH_RISK_CVE_PAIRS } from '../common/cveCounts';
import { RiskChip } from '../common/RiskChip';
import { SelectableTable } from './SelectableTable';
import { ServerTableFrame } from './ServerTableFrame';
import type { OnVariablesChange } from './variables';
import { WidgetCard } from './WidgetCard';

const COLUMNS: SortableColumn[] = [
  { id: 'hostname', label: 'Hostname', sortField: 'hostname' },
  { id: 'type', label: 'Type', sortField: 'device_type' },
  { id: 'platform', label: 'Platform', sortField: 'platform_name' },
  { id: 'risk', label: 'Risk', sortField: 'risk_score' },
  { id: 'cves', label: 'CVEs', sortField: 'cve_count', align: 'right', description: CVE_PAIRS },
  {
    id: 'high',
    label: 'High-risk CVEs',
    sortField: 'high_risk_cve_count',
    align: 'right',
    description: HIGH_RISK_CVE_PAIRS,
  },
  // Findings on CISA KEV CVEs (docs/vuln-feed-api.md).
  { id: 'kev', label: 'KEV', sortField: 'kev_count', align: 'right' },
  { id: 'last', label: 'Last connected', sortField: 'last_connected' },
  { id: 'onboarded', label: 'Onboarded', sortField: 'created_at' },
];

export const DEVICES_ERROR = 'Could not load devices';

/** Most known exploited findings first on the first click. */
const DESCENDING_FIRST = ['kev_count'];

/**
 * Every device of the tenant. A row click reports device_uid (the page navigates on the first
 * report only); the hostname is also a plain link, so any device stays reachable.
 */
export function DevicesTable({ onVariablesChange }: { onVariablesChange: OnVariablesChange }) {
  const table = useServerTable({
    prefix: 'devices',
    columns: COLUMNS,
    defaultOrderBy: 'hostname',
    descendingFirst: DESCENDING_FIRST,
  });
  const { data, error, isValidating, mutate } = useDevices(table.params);
  useLogError(error, 'Loading the device list');
  const rows = error ? [] : (data?.results ?? []);
  return (
    <WidgetCard title="Devices">
      <ServerTableFrame
        table={table}
        count={error || !data ? null : data.count}
        searchLabel="Search devices"
        loading={isValidating}
      >
        <SelectableTable
          label="Devices"
          columns={COLUMNS}
          table={table}
          rows={rows}
          emptyText={Boolean(data) && 'No devices.'}
          error={error ? { message: DEVICES_ERROR, onRetry: () => void mutate() } : null}
          link={(device) => ({ to: `/devices/${device.uid}`, text: device.hostname })}
          onSelect={(device) => onVariablesChange({ device_uid: device.uid })}
          cells={(device) => (
            <>
              <TableCell>{device.device_type === 'rtos' ? 'RTOS' : 'Linux'}</TableCell>
              <TableCell>{`${device.platform_name} ${device.platform_version}`.trim()}</TableCell>
              <TableCell>
                <RiskChip level={device.risk_score} />
              </TableCell>
              <TableCell align="right">{device.cve_count}</TableCell>
              <TableCell align="right">{device.high_risk_cve_count}</TableCell>
              <TableCell align="right" sx={device.kev_count ? { color: '#d32f2f', fontWeight: 'bold' } : undefined}>
                {device.kev_count ?? '—'}
              </TableCell>
              <TableCell>{formatDateTime(device.last_connected)}</TableCell>
              <TableCell>{formatDateTime(device.created_at)}</TableCell>
            </>
          )}
        />
      </ServerTableFrame>
    </WidgetCard>
  );
}
