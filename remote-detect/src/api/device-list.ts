import { http, useApi, type DeviceListItem } from '@console/shared';
import { exportPath, useTenant, withQuery, type ListPage, type ListParams } from './http-helpers';

/** The list's server-side filters (contracts: deviceFilters); '' or undefined is "any". */
export interface DeviceFilterParams {
  device_type?: string;
  /** An exact platform name. */
  platform?: string;
  risk?: string;
  has_kev?: 'true' | 'false' | '';
  has_high_risk?: 'true' | 'false' | '';
  /** ISO 8601. */
  last_connected_after?: string;
  last_connected_before?: string;
}

export interface DeviceListParams extends ListParams, DeviceFilterParams {}

const devicesPath = (tenant: string) => `/v1/tenants/${tenant}/devices/`;

export const devicesKey = (tenant: string, params: DeviceListParams) => withQuery(devicesPath(tenant), { ...params });

/** GET …/devices/export.csv: the list as the analyst sees it (filters, search, ordering), every row. */
export const devicesExportPath = (tenant: string, params: DeviceListParams) => exportPath(devicesPath(tenant), { ...params });

export async function fetchDevices(tenant: string, params: DeviceListParams): Promise<ListPage<DeviceListItem>> {
  return (await http.get<ListPage<DeviceListItem>>(devicesKey(tenant, params))).data;
}

export function useDevices(params: DeviceListParams) {
  const tenant = useTenant();
  return useApi<ListPage<DeviceListItem>>(tenant ? devicesKey(tenant, params) : null, {
    fetcher: () => fetchDevices(tenant!, params),
    keepPreviousData: true,
  });
}
