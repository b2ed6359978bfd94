// Test helpers of this remote (jest only).
import { http, SWRProvider } from '@console/shared';
import { fakeAuth, renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import MockAdapter from 'axios-mock-adapter';
import { DevRoutes } from '../../dev/DevRoutes';

/** Renders this remote's routes at `path`, with a fresh SWR cache and the fake signed-in tenant t-1. */
export function renderRoute(path: string, auth = fakeAuth()) {
  return renderWithAuth(
    <SWRProvider>
      <DevRoutes />
    </SWRProvider>,
    { path, auth },
  );
}

/** Mocks the shared HTTP client; any call without a handler fails the test instead of reaching a network. */
export function mockHttp(): MockAdapter {
  return new MockAdapter(http, { onNoMatch: 'throwException' });
}

export const REPORTS = '/v1/insights/reports/';
