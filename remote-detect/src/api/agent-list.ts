import { http, useApi, type Agent } from '@console/shared';

// Agent builds are global (not per tenant).
export const agentsKey = () => '/v1/agents/';

export async function fetchAgents(): Promise<Agent[]> {
  const data = (await http.get<{ results: Agent[] } | Agent[]>(agentsKey())).data;
  return Array.isArray(data) ? data : (data.results ?? []);
}

export function useAgents() {
  return useApi<Agent[]>(agentsKey(), { fetcher: fetchAgents });
}
