import { http, useApi, type HoneypotTrend, type HoneypotRange } from '@console/shared';
import { rangeQuery } from './range-query';

/** GET /v1/honeypot/trend/: Attacks per hour or day over the range, beside the previous range. */
export const honeypotTrendKey = (range?: HoneypotRange): string => `/v1/honeypot/trend/${rangeQuery(range)}`;

export async function fetchHoneypotTrend(key: string): Promise<HoneypotTrend> {
  return (await http.get<HoneypotTrend>(key)).data;
}

export function useHoneypotTrend(range?: HoneypotRange) {
  return useApi<HoneypotTrend>(honeypotTrendKey(range), { fetcher: fetchHoneypotTrend });
}
