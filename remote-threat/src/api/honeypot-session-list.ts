import { http, useApi, type HoneypotRange, type HoneypotSessionList } from '@console/shared';
import { rangeQuery } from './range-query';

/** What the sessions view narrows by; each is an exact match on the API. */
export interface SessionFilters {
  ip?: string;
  asn?: string;
  country?: string;
  command?: string;
  hash?: string;
}

export const SESSION_FILTERS = ['ip', 'asn', 'country', 'command', 'hash'] as const;

/** GET /v1/honeypot/sessions/: sessions of the range, newest first; `cursor` is the previous page's next_cursor. */
export function honeypotSessionsKey(range: HoneypotRange | undefined, filters: SessionFilters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const name of SESSION_FILTERS) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  if (cursor !== undefined) params.set('cursor', cursor);
  return `/v1/honeypot/sessions/${rangeQuery(range, params)}`;
}

export async function fetchHoneypotSessions(key: string): Promise<HoneypotSessionList> {
  return (await http.get<HoneypotSessionList>(key)).data;
}

export function useHoneypotSessions(range: HoneypotRange | undefined, filters: SessionFilters, cursor?: string) {
  return useApi<HoneypotSessionList>(honeypotSessionsKey(range, filters, cursor), { fetcher: fetchHoneypotSessions });
}
