import { http, useApi, type DeviceListItem } from '@console/shared';
import { useTenant, withQuery, type ListPage, type ListParams } from './http-helpers';

export const devicesKey = (tenant: string, params: ListParams) => withQuery(`/v1/tenants/${tenant}/devices/`, { ...params });

export async function fetchDevices(tenant: string, params: ListParams): Promise<ListPage<DeviceListItem>> {
  return (await http.get<ListPage<DeviceListItem>>(devicesKey(tenant, params))).data;
}

export function useDevices(params: ListParams) {
  const tenant = useTenant();
  return useApi<ListPage<DeviceListItem>>(tenant ? devicesKey(tenant, params) : null, {
    fetcher: () => fetchDevices(tenant!, params),
    keepPreviousData: true,
  });
}
