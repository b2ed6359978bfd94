import { http, useApi, type Thread } from '@console/shared';
import { useTenant } from './http-helpers';

export const deviceThreadsKey = (tenant: string, uid: string) => `/v1/tenants/${tenant}/devices/${uid}/threads/`;

export async function fetchDeviceThreads(tenant: string, uid: string): Promise<Thread[]> {
  const data = (await http.get<{ results: Thread[] } | Thread[]>(deviceThreadsKey(tenant, uid))).data;
  return Array.isArray(data) ? data : (data.results ?? []);
}

/** The spec calls this for RTOS devices only: pass enabled=false for any other type. */
export function useDeviceThreads(uid: string | undefined, enabled: boolean) {
  const tenant = useTenant();
  return useApi<Thread[]>(tenant && uid && enabled ? deviceThreadsKey(tenant, uid) : null, {
    fetcher: () => fetchDeviceThreads(tenant!, uid!),
  });
}
