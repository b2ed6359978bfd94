import { http, useApi, type Alert, type AlertStatus } from '@console/shared';
import type { ScopedMutator } from 'swr';
import { alertHistoryKey } from './alert-history';
import { useTenant } from './http-helpers';

export const alertKey = (tenant: string, uid: string) => `/v1/tenants/${tenant}/alerts/${uid}/`;

export async function fetchAlert(tenant: string, uid: string): Promise<Alert> {
  return (await http.get<Alert>(alertKey(tenant, uid))).data;
}

export function useAlert(uid: string | undefined) {
  const tenant = useTenant();
  return useApi<Alert>(tenant && uid ? alertKey(tenant, uid) : null, {
    fetcher: () => fetchAlert(tenant!, uid!),
  });
}

/**
 * PATCHes the status, then refetches the alert (spec §4) and its history (the change's entry). `mutate` must be the one of the page's
 * SWR cache (useSWRConfig), since the console uses its own cache provider.
 */
export async function updateAlertStatus(mutate: ScopedMutator, tenant: string, uid: string, status: AlertStatus) {
  try {
    await http.patch(alertKey(tenant, uid), { status });
  } finally {
    // Refetch even after a failed PATCH, so the selector shows what the server holds.
    await Promise.all([mutate(alertKey(tenant, uid)), mutate(alertHistoryKey(tenant, uid))]);
  }
}
