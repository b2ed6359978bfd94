import { http, useApi, type Device } from '@console/shared';
import { useTenant } from './http-helpers';

export const deviceKey = (tenant: string, uid: string) => `/v1/tenants/${tenant}/devices/${uid}/`;

export async function fetchDevice(tenant: string, uid: string): Promise<Device> {
  return (await http.get<Device>(deviceKey(tenant, uid))).data;
}

export function useDevice(uid: string | undefined) {
  const tenant = useTenant();
  return useApi<Device>(tenant && uid ? deviceKey(tenant, uid) : null, {
    fetcher: () => fetchDevice(tenant!, uid!),
  });
}

/** GET …/devices/{uid}/accounts/export.csv: the device's system user accounts. */
export const deviceAccountsExportPath = (tenant: string, uid: string) => `${deviceKey(tenant, uid)}accounts/export.csv`;
