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
