import { http, type AlertBulkStatus, type AlertBulkStatusAnswer } from '@console/shared';
import type { ScopedMutator } from 'swr';
import { alertsPath } from './alert-list';
import { strategicDashboardKey } from './strategic-dashboard';

/** POST …/alerts/bulk-status/: close or reopen listed alerts, or every alert matching the list's filters. */
export const alertBulkStatusUrl = (tenant: string) => `${alertsPath(tenant)}bulk-status/`;

/**
 * Sends one bulk change, then refetches what it changed: every cached alert list, alert and
 * history of the tenant, and the dashboard's counts. `mutate` is the page's (useSWRConfig).
 */
export async function bulkSetAlertStatus(
  mutate: ScopedMutator,
  tenant: string,
  body: AlertBulkStatus,
): Promise<AlertBulkStatusAnswer> {
  const answer = (await http.post<AlertBulkStatusAnswer>(alertBulkStatusUrl(tenant), body)).data;
  const alerts = alertsPath(tenant);
  const dashboard = strategicDashboardKey(tenant);
  await mutate((key) => typeof key === 'string' && (key.startsWith(alerts) || key === dashboard));
  return answer;
}
