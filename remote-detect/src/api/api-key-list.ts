import { http, useApi, type ApiKey, type CreatedApiKey } from '@console/shared';
import type { ScopedMutator } from 'swr';
import { useTenant } from './http-helpers';

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
  await mutate<ApiKey[]>(apiKeysKey(tenant), (list = []) => [listed, ...list.filter((k) => k.uid !== created.uid)], {
    revalidate: false,
  });
  return created;
}

export async function updateApiKey(
  mutate: ScopedMutator,
  tenant: string,
  uid: string,
  changes: Partial<Pick<ApiKey, 'name' | 'revoked'>>,
): Promise<ApiKey> {
  const updated = (await http.patch<ApiKey>(apiKeyUrl(tenant, uid), changes)).data;
  await mutate<ApiKey[]>(
    apiKeysKey(tenant),
    (list = []) => list.map((k) => (k.uid === uid ? { ...k, ...changes, ...updated } : k)),
    { revalidate: false },
  );
  return updated;
}

export async function deleteApiKey(mutate: ScopedMutator, tenant: string, uid: string): Promise<void> {
  await http.delete(apiKeyUrl(tenant, uid));
  await mutate<ApiKey[]>(apiKeysKey(tenant), (list = []) => list.filter((k) => k.uid !== uid), { revalidate: false });
}

/** GET …/api-keys/export.csv: the list (never a secret: the API stores hashes). */
export const apiKeysExportPath = (tenant: string) => `${apiKeysKey(tenant)}export.csv`;
