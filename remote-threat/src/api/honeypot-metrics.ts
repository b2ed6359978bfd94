import { http, useApi, type HoneypotMetrics } from '@console/shared';

/** Spec §7: GET /v1/honeypot-metrics/. Global honeynet data: the same for every tenant. */
export const HONEYPOT_METRICS_KEY = '/v1/honeypot-metrics/';

export async function fetchHoneypotMetrics(): Promise<HoneypotMetrics> {
  return (await http.get<HoneypotMetrics>(HONEYPOT_METRICS_KEY)).data;
}

export function useHoneypotMetrics() {
  return useApi<HoneypotMetrics>(HONEYPOT_METRICS_KEY, { fetcher: fetchHoneypotMetrics });
}
