import { ExportCsvButton, formatDateTime, type AlertFilter, type SortableColumn } from '@console/shared';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { alertsExportPath, useAlerts } from '../../api/alert-list';
import { useLogError, useTenant } from '../../api/http-helpers';
import { useServerTable } from '../../tables/useServerTable';
import { PriorityChip } from '../common/PriorityChip';
import { ChoiceFilter } from '../lists/ChoiceFilter';
import { DeviceFilterChip } from '../lists/DeviceFilterChip';
import { ExactTextFilter } from '../lists/ExactTextFilter';
import { useExactTextFilter } from '../lists/useExactTextFilter';
import {
  ALERT_CHOICES,
  alertFilterParams,
  anyFilter,
  BASIC_ALERT_CHOICES,
  CREATED_OPTIONS,
  PRIORITY_OPTIONS,
  STATUS_OPTIONS,
} from '../lists/filterOptions';
import { AlertBulkActions } from '../triage/AlertBulkActions';
import { useRowSelection } from '../triage/useRowSelection';
import { SelectableTable } from './SelectableTable';
import { ServerTableFrame } from './ServerTableFrame';
import type { OnVariablesChange } from './variables';

const COLUMNS: SortableColumn[] = [
  { id: 'name', label: 'Alert', sortField: 'name' },
  { id: 'device', label: 'Device', sortField: 'device_hostname' },
  { id: 'priority', label: 'Priority', sortField: 'priority' },
  { id: 'status', label: 'Status', sortField: 'status' },
  { id: 'created', label: 'Created', sortField: 'elastic_alert_created_at' },
];

export const ALERTS_ERROR = 'Could not load alerts';

const PREFIX = 'alerts';
/** What the API accepts (contracts: alertFilters). */
const RULE_MAX_LENGTH = 500;
const DEVICE_MAX_LENGTH = 64;

export interface AlertsTableProps {
  /** The dashboard: a row click reports alert_uid (navigate-once). Elsewhere a row click opens the alert. */
  onVariablesChange?: OnVariablesChange;
  /** 'basic' (the dashboard): search and status. 'all' (the list and device pages): every filter the API has. */
  filterSet?: 'basic' | 'all';
  /** Only this device's alerts (the device page): no device filter of its own. */
  device?: string;
  /** Row checkboxes with Close / Reopen in bulk, and Export CSV (the list pages; the dashboard's card stays as the spec draws it). */
  triage?: boolean;
}

/** The list's filters and search as the API's filter form: '' and unset filters left out. */
function filterForm(filters: object, search: string): AlertFilter {
  return Object.fromEntries(
    Object.entries({ ...filters, search }).filter(([, value]) => value !== undefined && value !== ''),
  ) as AlertFilter;
}

/**
 * Alerts of the tenant, newest first, filtered on the server; every filter in the URL under
 * `alerts_` (Back from an alert returns to the same rows). The alert name and the device are
 * plain links.
 */
export function AlertsTable({ onVariablesChange, filterSet = 'basic', device, triage = false }: AlertsTableProps) {
  const all = filterSet === 'all';
  const navigate = useNavigate();
  const table = useServerTable<string>({
    prefix: PREFIX,
    columns: COLUMNS,
    defaultOrderBy: 'elastic_alert_created_at',
    defaultDirection: 'desc',
    filters: all ? ALERT_CHOICES : BASIC_ALERT_CHOICES,
  });
  const [urlDevice, setUrlDevice] = useExactTextFilter(PREFIX, 'device', DEVICE_MAX_LENGTH);
  const [rule, setRule] = useExactTextFilter(PREFIX, 'rule', RULE_MAX_LENGTH);
  const { status = '', priority = '', created = '' } = table.filters;
  const deviceFilter = device ?? (all ? urlDevice : '');
  const ruleFilter = all ? rule : '';
  // Computed when a filter changes, not per render: the time range must not move the request's URL.
  const filters = useMemo(
    () => alertFilterParams({ status, priority, created }, { device: deviceFilter, rule: ruleFilter }),
    [status, priority, created, deviceFilter, ruleFilter],
  );
  const tenant = useTenant();
  const { data, error, isValidating, mutate } = useAlerts({ ...table.params, ...filters });
  const form = useMemo(() => filterForm(filters, table.params.search), [filters, table.params.search]);
  const selection = useRowSelection(JSON.stringify(form));
  useLogError(error, 'Loading the alert list');
  const rows = error ? [] : (data?.results ?? []);
  // The device page's own device is no filter the analyst chose.
  const narrowed = anyFilter({ ...filters, device: device ? undefined : filters.device, search: table.params.search });
  return (
    <ServerTableFrame
      table={table}
      count={error || !data ? null : data.count}
      searchLabel="Search alerts"
      loading={isValidating}
      actions={
        triage && (
          <ExportCsvButton what="alerts" path={tenant ? alertsExportPath(tenant, { ...table.params, ...filters }) : null} />
        )
      }
      filters={
        <>
          <ChoiceFilter label="Status" value={status} options={STATUS_OPTIONS} onChange={(v) => table.setFilter('status', v)} />
          {all && (
            <>
              <ChoiceFilter
                label="Priority"
                value={priority}
                options={PRIORITY_OPTIONS}
                onChange={(v) => table.setFilter('priority', v)}
              />
              <ChoiceFilter
                label="Created"
                value={created}
                options={CREATED_OPTIONS}
                onChange={(v) => table.setFilter('created', v)}
              />
              <ExactTextFilter label="Rule (exact name)" value={ruleFilter} onCommit={setRule} maxLength={RULE_MAX_LENGTH} />
              {!device && urlDevice && <DeviceFilterChip uid={urlDevice} onClear={() => setUrlDevice('')} />}
            </>
          )}
        </>
      }
    >
      {triage && <AlertBulkActions selection={selection} matching={error || !data ? null : data.count} filter={form} />}
      <SelectableTable
        label="Alerts"
        checkboxes={triage ? { selection, label: (alert) => alert.name } : undefined}
        columns={COLUMNS}
        table={table}
        rows={rows}
        emptyText={Boolean(data) && (narrowed ? 'No alerts match these filters.' : 'No alerts.')}
        error={error ? { message: ALERTS_ERROR, onRetry: () => void mutate() } : null}
        link={(alert) => ({ to: `/alerts/${alert.uid}`, text: alert.name })}
        onSelect={(alert) =>
          onVariablesChange ? onVariablesChange({ alert_uid: alert.uid }) : navigate(`/alerts/${encodeURIComponent(alert.uid)}`)
        }
        cells={(alert) => (
          <>
            <TableCell>
              {alert.device ? (
                <Link
                  component={RouterLink}
                  to={`/devices/${encodeURIComponent(alert.device)}`}
                  // Opens the device only: the row's own click would open the alert.
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
  );
}
