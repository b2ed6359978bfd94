import { http, useApi, type Package } from '@console/shared';
import { exportPath, useTenant, withQuery, type ListPage, type ListParams } from './http-helpers';

const devicePackagesPath = (tenant: string, uid: string) => `/v1/tenants/${tenant}/devices/${uid}/packages/`;

export const devicePackagesKey = (tenant: string, uid: string, params: ListParams) =>
  withQuery(devicePackagesPath(tenant, uid), { ...params });

/** GET …/packages/export.csv: one row per finding, the table's search and ordering, every row. */
export const devicePackagesExportPath = (tenant: string, uid: string, params: ListParams) =>
  exportPath(devicePackagesPath(tenant, uid), { ...params });

export async function fetchDevicePackages(tenant: string, uid: string, params: ListParams): Promise<ListPage<Package>> {
  const data = (await http.get<ListPage<Package> | Package[]>(devicePackagesKey(tenant, uid, params))).data;
  // The spec allows "results, or an array".
  if (Array.isArray(data)) return { count: data.length, results: data };
  return { count: data.count ?? data.results.length, results: data.results ?? [] };
}

export function useDevicePackages(uid: string | undefined, params: ListParams) {
  const tenant = useTenant();
  return useApi<ListPage<Package>>(tenant && uid ? devicePackagesKey(tenant, uid, params) : null, {
    fetcher: () => fetchDevicePackages(tenant!, uid!, params),
    keepPreviousData: true,
  });
}
