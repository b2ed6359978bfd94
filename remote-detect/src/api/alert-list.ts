import { http, useApi, type AlertListItem, type AlertStatus } from '@console/shared';
import { exportPath, useTenant, withQuery, type ListPage, type ListParams } from './http-helpers';

/** The list's server-side filters (contracts: alertFilters); '' or undefined is "any". */
export interface AlertFilterParams {
  status?: AlertStatus | '';
  /** Critical, High, Medium or Low (the API also takes a comma-separated list). */
  priority?: string;
  /** A device uid. */
  device?: string;
  /** An exact rule name. */
  rule?: string;
  /** ISO 8601. */
  created_after?: string;
  created_before?: string;
}

export interface AlertListParams extends ListParams, AlertFilterParams {}

export const alertsPath = (tenant: string) => `/v1/tenants/${tenant}/alerts/`;

export const alertsKey = (tenant: string, params: AlertListParams) => withQuery(alertsPath(tenant), { ...params });

/** GET …/alerts/export.csv: the list as the analyst sees it (filters, search, ordering), every row. */
export const alertsExportPath = (tenant: string, params: AlertListParams) => exportPath(alertsPath(tenant), { ...params });

export async function fetchAlerts(tenant: string, params: AlertListParams): Promise<ListPage<AlertListItem>> {
  return (await http.get<ListPage<AlertListItem>>(alertsKey(tenant, params))).data;
}

export function useAlerts(params: AlertListParams) {
  const tenant = useTenant();
  return useApi<ListPage<AlertListItem>>(tenant ? alertsKey(tenant, params) : null, {
    fetcher: () => fetchAlerts(tenant!, params),
    keepPreviousData: true,
  });
}
