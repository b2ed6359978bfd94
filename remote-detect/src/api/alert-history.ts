import { http, useApi, type AlertHistory } from '@console/shared';
import { useTenant } from './http-helpers';

/** GET …/alerts/{uid}/history/: status changes, newest first (the API's first 100). */
export const alertHistoryKey = (tenant: string, uid: string) => `/v1/tenants/${tenant}/alerts/${uid}/history/`;

export async function fetchAlertHistory(tenant: string, uid: string): Promise<AlertHistory> {
  return (await http.get<AlertHistory>(alertHistoryKey(tenant, uid))).data;
}

export function useAlertHistory(uid: string | undefined) {
  const tenant = useTenant();
  return useApi<AlertHistory>(tenant && uid ? alertHistoryKey(tenant, uid) : null, {
    fetcher: () => fetchAlertHistory(tenant!, uid!),
  });
}
