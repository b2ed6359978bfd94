import { http, useApi, type HoneypotOrigins, type HoneypotRange } from '@console/shared';
import { rangeQuery } from './range-query';

/** GET /v1/honeypot/origins/: Attacks by country and ASN: top 10, the rest and the unknown, of all attacks in the range. */
export const honeypotOriginsKey = (range?: HoneypotRange): string => `/v1/honeypot/origins/${rangeQuery(range)}`;

export async function fetchHoneypotOrigins(key: string): Promise<HoneypotOrigins> {
  return (await http.get<HoneypotOrigins>(key)).data;
}

export function useHoneypotOrigins(range?: HoneypotRange) {
  return useApi<HoneypotOrigins>(honeypotOriginsKey(range), { fetcher: fetchHoneypotOrigins });
}
