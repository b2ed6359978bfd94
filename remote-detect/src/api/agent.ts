import { http, useApi, type Agent } from '@console/shared';

// The spec writes this path without a trailing slash.
export const agentKey = (uid: string) => `/v1/agents/${uid}`;

/** The download link of spec §2, relative to the page (the HTTP client's base URL is /api). */
export const agentDownloadUrl = (uid: string) => `/api/v1/agents/${uid}/download`;

export async function fetchAgent(uid: string): Promise<Agent> {
  return (await http.get<Agent>(agentKey(uid))).data;
}

export function useAgent(uid: string | undefined) {
  return useApi<Agent>(uid ? agentKey(uid) : null, { fetcher: () => fetchAgent(uid!) });
}
