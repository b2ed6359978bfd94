import { http, useApi, type AlertListItem, type AlertStatus } from '@console/shared';
import { useTenant, withQuery, type ListPage, type ListParams } from './http-helpers';

export interface AlertListParams extends ListParams {
  status?: AlertStatus | '';
}

export const alertsKey = (tenant: string, params: AlertListParams) => withQuery(`/v1/tenants/${tenant}/alerts/`, { ...params });

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
