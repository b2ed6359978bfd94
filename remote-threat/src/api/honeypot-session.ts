import { http, useApi, type HoneypotSessionTimeline } from '@console/shared';

/** GET /v1/honeypot/sessions/{id}/: one session's timeline (the id holds a slash: encoded). */
export const honeypotSessionKey = (id: string): string => `/v1/honeypot/sessions/${encodeURIComponent(id)}/`;

export async function fetchHoneypotSession(key: string): Promise<HoneypotSessionTimeline> {
  return (await http.get<HoneypotSessionTimeline>(key)).data;
}

/** null: no session open, nothing fetched. */
export function useHoneypotSession(id: string | null) {
  return useApi<HoneypotSessionTimeline>(id === null ? null : honeypotSessionKey(id), { fetcher: fetchHoneypotSession });
}
