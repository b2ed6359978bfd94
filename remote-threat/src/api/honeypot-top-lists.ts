import { http, useApi, type HoneypotTopLists, type HoneypotRange } from '@console/shared';
import { rangeQuery } from './range-query';

/** GET /v1/honeypot/top-lists/: Top source addresses, usernames, passwords and downloaded URLs in the range. */
export const honeypotTopListsKey = (range?: HoneypotRange): string => `/v1/honeypot/top-lists/${rangeQuery(range)}`;

export async function fetchHoneypotTopLists(key: string): Promise<HoneypotTopLists> {
  return (await http.get<HoneypotTopLists>(key)).data;
}

export function useHoneypotTopLists(range?: HoneypotRange) {
  return useApi<HoneypotTopLists>(honeypotTopListsKey(range), { fetcher: fetchHoneypotTopLists });
}
