import { http, useApi, type ApiKey, type CreatedApiKey } from '@console/shared';
import type { ScopedMutator } from 'swr';
import { cachedList, useTenant } from './http-helpers';

export const apiKeysKey = (tenant: string) => `/v1/tenants/${tenant}/api-keys/`;
const apiKeyUrl = (tenant: string, uid: string) => `${apiKeysKey(tenant)}${uid}/`;

export async function fetchApiKeys(tenant: string): Promise<ApiKey[]> {
  const data = (await http.get<{ results: ApiKey[] } | ApiKey[]>(apiKeysKey(tenant))).data;
  return Array.isArray(data) ? data : (data.results ?? []);
}

export function useApiKeys() {
  const tenant = useTenant();
  return useApi<ApiKey[]>(tenant ? apiKeysKey(tenant) : null, { fetcher: () => fetchApiKeys(tenant!) });
}

/** Returns the created key WITH its secret; the cached list keeps it without (it is shown once). */
export async function createApiKey(mutate: ScopedMutator, tenant: string, name: string): Promise<CreatedApiKey> {
  const created = (await http.post<CreatedApiKey>(apiKeysKey(tenant), { name })).data;
  const { key: _secret, ...listed } = created;
  await cachedList<ApiKey>(mutate, apiKeysKey(tenant)).putFirst(listed);
  return created;
}

export async function updateApiKey(
  mutate: ScopedMutator,
  tenant: string,
  uid: string,
  changes: Partial<Pick<ApiKey, 'name' | 'revoked'>>,
): Promise<ApiKey> {
  const updated = (await http.patch<ApiKey>(apiKeyUrl(tenant, uid), changes)).data;
  await cachedList<ApiKey>(mutate, apiKeysKey(tenant)).update(uid, { ...changes, ...updated });
  return updated;
}

export async function deleteApiKey(mutate: ScopedMutator, tenant: string, uid: string): Promise<void> {
  await http.delete(apiKeyUrl(tenant, uid));
  await cachedList<ApiKey>(mutate, apiKeysKey(tenant)).remove(uid);
}

/** GET …/api-keys/export.csv: the list (never a secret: the API stores hashes). */
export const apiKeysExportPath = (tenant: string) => `${apiKeysKey(tenant)}export.csv`;
