import { ExportCsvButton, formatDateTime, type SortableColumn } from '@console/shared';
import TableCell from '@mui/material/TableCell';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { devicesExportPath, useDevices } from '../../api/device-list';
import { useLogError, useTenant } from '../../api/http-helpers';
import { useServerTable } from '../../tables/useServerTable';
import { CVE_PAIRS, HIGH_RISK_CVE_PAIRS } from '../common/cveCounts';
import { RiskChip } from '../common/RiskChip';
import { ChoiceFilter } from '../lists/ChoiceFilter';
import { ExactTextFilter } from '../lists/ExactTextFilter';
import { useExactTextFilter } from '../lists/useExactTextFilter';
import {
  anyFilter,
  DEVICE_CHOICES,
  DEVICE_TYPE_OPTIONS,
  deviceFilterParams,
  RISK_OPTIONS,
  SEEN_OPTIONS,
  YES_NO_OPTIONS,
} from '../lists/filterOptions';
import { SelectableTable } from './SelectableTable';
import { ServerTableFrame } from './ServerTableFrame';
import type { OnVariablesChange } from './variables';

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

const PREFIX = 'devices';
/** Most known exploited findings first on the first click. */
const DESCENDING_FIRST = ['kev_count'];
/** The dashboard's table: search only. */
const NO_CHOICES = {};
/** What the API accepts (contracts: deviceFilters). */
const PLATFORM_MAX_LENGTH = 200;

export interface DevicesTableProps {
  /** The dashboard: a row click reports device_uid (navigate-once). Elsewhere a row click opens the device. */
  onVariablesChange?: OnVariablesChange;
  /** 'basic' (the dashboard): search. 'all' (the list page): every filter the API has, and Export CSV. */
  filterSet?: 'basic' | 'all';
}

/**
 * Devices of the tenant, filtered on the server; every filter in the URL under `devices_` (Back
 * from a device returns to the same rows). The hostname is also a plain link.
 */
export function DevicesTable({ onVariablesChange, filterSet = 'basic' }: DevicesTableProps) {
  const all = filterSet === 'all';
  const navigate = useNavigate();
  const table = useServerTable<string>({
    prefix: PREFIX,
    columns: COLUMNS,
    defaultOrderBy: 'hostname',
    descendingFirst: DESCENDING_FIRST,
    filters: all ? DEVICE_CHOICES : NO_CHOICES,
  });
  const [platform, setPlatform] = useExactTextFilter(PREFIX, 'platform', PLATFORM_MAX_LENGTH);
  const { device_type = '', risk = '', has_kev = '', has_high_risk = '', seen = '' } = table.filters;
  const platformFilter = all ? platform : '';
  // Computed when a filter changes, not per render: "last seen" must not move the request's URL.
  const filters = useMemo(
    () => deviceFilterParams({ device_type, risk, has_kev, has_high_risk, seen }, { platform: platformFilter }),
    [device_type, risk, has_kev, has_high_risk, seen, platformFilter],
  );
  const tenant = useTenant();
  const { data, error, isValidating, mutate } = useDevices({ ...table.params, ...filters });
  useLogError(error, 'Loading the device list');
  const rows = error ? [] : (data?.results ?? []);
  const narrowed = anyFilter({ ...filters, search: table.params.search });
  const choice = (name: string, label: string, options: typeof RISK_OPTIONS) => (
    <ChoiceFilter label={label} value={table.filters[name] ?? ''} options={options} onChange={(v) => table.setFilter(name, v)} />
  );
  return (
    <ServerTableFrame
      table={table}
      count={error || !data ? null : data.count}
      searchLabel="Search devices"
      loading={isValidating}
      actions={
        all && (
          <ExportCsvButton what="devices" path={tenant ? devicesExportPath(tenant, { ...table.params, ...filters }) : null} />
        )
      }
      filters={
        all && (
          <>
            {choice('device_type', 'Type', DEVICE_TYPE_OPTIONS)}
            <ExactTextFilter
              label="Platform (exact name)"
              value={platformFilter}
              onCommit={setPlatform}
              maxLength={PLATFORM_MAX_LENGTH}
            />
            {choice('risk', 'Risk', RISK_OPTIONS)}
            {choice('has_kev', 'Known exploited (KEV)', YES_NO_OPTIONS)}
            {choice('has_high_risk', 'High-risk CVE', YES_NO_OPTIONS)}
            {choice('seen', 'Last seen', SEEN_OPTIONS)}
          </>
        )
      }
    >
      <SelectableTable
        label="Devices"
        columns={COLUMNS}
        table={table}
        rows={rows}
        emptyText={Boolean(data) && (narrowed ? 'No devices match these filters.' : 'No devices.')}
        error={error ? { message: DEVICES_ERROR, onRetry: () => void mutate() } : null}
        link={(device) => ({ to: `/devices/${device.uid}`, text: device.hostname })}
        onSelect={(device) =>
          onVariablesChange
            ? onVariablesChange({ device_uid: device.uid })
            : navigate(`/devices/${encodeURIComponent(device.uid)}`)
        }
        cells={(device) => (
          <>
            <TableCell>{device.device_type === 'rtos' ? 'RTOS' : 'Linux'}</TableCell>
            <TableCell>{`${device.platform_name} ${device.platform_version}`.trim()}</TableCell>
            <TableCell>
              <RiskChip level={device.risk_score} />
            </TableCell>
            <TableCell align="right">{device.cve_count}</TableCell>
            <TableCell align="right">{device.high_risk_cve_count}</TableCell>
            <TableCell align="right" sx={device.kev_count ? { color: 'error.main', fontWeight: 'bold' } : undefined}>
              {device.kev_count ?? '—'}
            </TableCell>
            <TableCell>{formatDateTime(device.last_connected)}</TableCell>
            <TableCell>{formatDateTime(device.created_at)}</TableCell>
          </>
        )}
      />
    </ServerTableFrame>
  );
}
