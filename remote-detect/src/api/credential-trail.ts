import { http, useApi, type CredentialKind, type CredentialTrail } from '@console/shared';
import { useTenant } from './http-helpers';

const COLLECTIONS: Record<CredentialKind, string> = { 'provision-token': 'provision-tokens', 'api-key': 'api-keys' };

/** GET …/{provision-tokens|api-keys}/history/: every create, rename, enable, disable and delete, newest first. */
export const credentialTrailKey = (tenant: string, kind: CredentialKind) => `/v1/tenants/${tenant}/${COLLECTIONS[kind]}/history/`;

export async function fetchCredentialTrail(tenant: string, kind: CredentialKind): Promise<CredentialTrail> {
  return (await http.get<CredentialTrail>(credentialTrailKey(tenant, kind))).data;
}

/** Loads only while `enabled` (the History dialog is open), and again each time it opens (no deduping: a change made a second ago shows). */
export function useCredentialTrail(kind: CredentialKind, enabled: boolean) {
  const tenant = useTenant();
  return useApi<CredentialTrail>(tenant && enabled ? credentialTrailKey(tenant, kind) : null, {
    fetcher: () => fetchCredentialTrail(tenant!, kind),
    dedupingInterval: 0,
  });
}
