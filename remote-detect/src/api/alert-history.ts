import { http, useApi, type AlertHistory } from '@console/shared';
import { TRAIL_PAGE_SIZE, useTenant, withQuery } from './http-helpers';

/** GET …/alerts/{uid}/history/: status changes, newest first, a page (0-based) of TRAIL_PAGE_SIZE. */
export const alertHistoryKey = (tenant: string, uid: string, page = 0) =>
  withQuery(`/v1/tenants/${tenant}/alerts/${uid}/history/`, { limit: TRAIL_PAGE_SIZE, offset: page * TRAIL_PAGE_SIZE });

export async function fetchAlertHistory(tenant: string, uid: string, page = 0): Promise<AlertHistory> {
  return (await http.get<AlertHistory>(alertHistoryKey(tenant, uid, page))).data;
}

export function useAlertHistory(uid: string | undefined, page = 0) {
  const tenant = useTenant();
  return useApi<AlertHistory>(tenant && uid ? alertHistoryKey(tenant, uid, page) : null, {
    fetcher: () => fetchAlertHistory(tenant!, uid!, page),
  });
}
