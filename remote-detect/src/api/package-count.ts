import { http, useApi, type PackageCount } from '@console/shared';
import { useTenant } from './http-helpers';

export const packageCountKey = (tenant: string, uid: string) => `/v1/tenants/${tenant}/devices/${uid}/packages/count/`;

export async function fetchPackageCount(tenant: string, uid: string): Promise<PackageCount> {
  return (await http.get<PackageCount>(packageCountKey(tenant, uid))).data;
}

export function usePackageCount(uid: string | undefined) {
  const tenant = useTenant();
  return useApi<PackageCount>(tenant && uid ? packageCountKey(tenant, uid) : null, {
    fetcher: () => fetchPackageCount(tenant!, uid!),
  });
}
