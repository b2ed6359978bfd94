import { http, useApi, type CredentialKind, type CredentialTrail } from '@console/shared';
import { TRAIL_PAGE_SIZE, useTenant, withQuery } from './http-helpers';

const COLLECTIONS: Record<CredentialKind, string> = { 'provision-token': 'provision-tokens', 'api-key': 'api-keys' };

/** GET …/{provision-tokens|api-keys}/history/: every create, rename, enable, disable and delete, newest first. */
export const credentialTrailKey = (tenant: string, kind: CredentialKind, page = 0) =>
  withQuery(`/v1/tenants/${tenant}/${COLLECTIONS[kind]}/history/`, { limit: TRAIL_PAGE_SIZE, offset: page * TRAIL_PAGE_SIZE });

export async function fetchCredentialTrail(tenant: string, kind: CredentialKind, page = 0): Promise<CredentialTrail> {
  return (await http.get<CredentialTrail>(credentialTrailKey(tenant, kind, page))).data;
}

/** Loads only while `enabled` (the History dialog is open), and again each time it opens (no deduping: a change made a second ago shows). */
export function useCredentialTrail(kind: CredentialKind, enabled: boolean, page = 0) {
  const tenant = useTenant();
  return useApi<CredentialTrail>(tenant && enabled ? credentialTrailKey(tenant, kind, page) : null, {
    fetcher: () => fetchCredentialTrail(tenant!, kind, page),
    dedupingInterval: 0,
  });
}
