import { http, useApi, type ProvisionToken } from '@console/shared';
import type { ScopedMutator } from 'swr';
import { cachedList, useTenant } from './http-helpers';

export const provisionTokensKey = (tenant: string) => `/v1/tenants/${tenant}/provision-tokens/`;
const tokenUrl = (tenant: string, uid: string) => `${provisionTokensKey(tenant)}${uid}/`;

export async function fetchProvisionTokens(tenant: string): Promise<ProvisionToken[]> {
  const data = (await http.get<{ results: ProvisionToken[] } | ProvisionToken[]>(provisionTokensKey(tenant))).data;
  return Array.isArray(data) ? data : (data.results ?? []);
}

export function useProvisionTokens() {
  const tenant = useTenant();
  return useApi<ProvisionToken[]>(tenant ? provisionTokensKey(tenant) : null, {
    fetcher: () => fetchProvisionTokens(tenant!),
  });
}

/** Creates a token and puts it at the top of the cached list (spec: new tokens appear at the top). */
export async function createProvisionToken(mutate: ScopedMutator, tenant: string, name: string): Promise<ProvisionToken> {
  const created = (await http.post<ProvisionToken>(provisionTokensKey(tenant), { name })).data;
  await cachedList<ProvisionToken>(mutate, provisionTokensKey(tenant)).putFirst(created);
  return created;
}

export async function updateProvisionToken(
  mutate: ScopedMutator,
  tenant: string,
  uid: string,
  changes: Partial<Pick<ProvisionToken, 'name' | 'enabled'>>,
): Promise<ProvisionToken> {
  const updated = (await http.patch<ProvisionToken>(tokenUrl(tenant, uid), changes)).data;
  await cachedList<ProvisionToken>(mutate, provisionTokensKey(tenant)).update(uid, { ...changes, ...updated });
  return updated;
}

export async function deleteProvisionToken(mutate: ScopedMutator, tenant: string, uid: string): Promise<void> {
  await http.delete(tokenUrl(tenant, uid));
  await cachedList<ProvisionToken>(mutate, provisionTokensKey(tenant)).remove(uid);
}

/** GET …/provision-tokens/export.csv: the list. */
export const provisionTokensExportPath = (tenant: string) => `${provisionTokensKey(tenant)}export.csv`;
