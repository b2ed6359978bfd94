// Test helpers of this remote (jest only).
import type { AuthContextValue } from '@console/shared';
import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { DevRoutes } from '../../dev/DevRoutes';

export { mockHttp } from '@console/shared/src/testing/renderRoute';

/** Renders this remote's routes at `path`, with a fresh SWR cache and the fake signed-in tenant t-1. */
export function renderRoute(path: string, auth?: AuthContextValue) {
  return renderRoutes(<DevRoutes />, { path, auth });
}

export const REPORTS = '/v1/insights/reports/';

/** The tenant's license policy (GET /v1/insights/license-policy/), nothing denied unless given. */
export const LICENSE_POLICY = '/v1/insights/license-policy/';
export const licensePolicy = (denied: string[] = []) => ({
  denied,
  updated_at: denied.length ? '2026-11-26T10:00:00Z' : null,
  updated_by: denied.length ? { kind: 'user', uid: 'u-1', label: 'analyst@example.com' } : null,
});
