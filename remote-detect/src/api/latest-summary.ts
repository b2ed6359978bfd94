import { http, useApi, type TenantSummary } from '@console/shared';
import { useTenant } from './http-helpers';

export const latestSummaryKey = (tenant: string) => `/v1/tenants/${tenant}/summaries/latest/`;

export async function fetchLatestSummary(tenant: string): Promise<TenantSummary> {
  return (await http.get<TenantSummary>(latestSummaryKey(tenant))).data;
}

export function useLatestSummary() {
  const tenant = useTenant();
  return useApi<TenantSummary>(tenant ? latestSummaryKey(tenant) : null, { fetcher: () => fetchLatestSummary(tenant!) });
}
