import { http, useApi, type HoneypotMetrics, type HoneypotRange } from '@console/shared';

/** Spec §7: GET /v1/honeypot-metrics/. Global honeynet data: the same for every tenant. */
export const HONEYPOT_METRICS_KEY = '/v1/honeypot-metrics/';

/** Without a range, the spec's windows (total 24 hours, lists 14 days); with one, all cover it. */
export const honeypotMetricsKey = (range?: HoneypotRange): string =>
  range === undefined ? HONEYPOT_METRICS_KEY : `${HONEYPOT_METRICS_KEY}?range=${range}`;

export async function fetchHoneypotMetrics(key: string): Promise<HoneypotMetrics> {
  return (await http.get<HoneypotMetrics>(key)).data;
}

export function useHoneypotMetrics(range?: HoneypotRange) {
  return useApi<HoneypotMetrics>(honeypotMetricsKey(range), { fetcher: fetchHoneypotMetrics });
}
