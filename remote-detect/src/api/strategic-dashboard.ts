import { http, useApi, type StrategicDashboard } from '@console/shared';
import { useTenant } from './http-helpers';

export const strategicDashboardKey = (tenant: string) => `/v1/tenants/${tenant}/dashboard/strategic/`;

export async function fetchStrategicDashboard(tenant: string): Promise<StrategicDashboard> {
  return (await http.get<StrategicDashboard>(strategicDashboardKey(tenant))).data;
}

export function useStrategicDashboard() {
  const tenant = useTenant();
  return useApi<StrategicDashboard>(tenant ? strategicDashboardKey(tenant) : null, {
    fetcher: () => fetchStrategicDashboard(tenant!),
  });
}
