// Test helpers for the remotes' page tests (jest only; not exported from the package index).
import MockAdapter from 'axios-mock-adapter';
import type { ReactNode } from 'react';
import type { AuthContextValue } from '../auth/AuthContext';
import { http } from '../http/createHttpClient';
import { SWRProvider } from '../swr/SWRProvider';
import { renderWithAuth } from './renderWithAuth';

/**
 * Renders a remote's routes (its DevRoutes, or a page inside <Routes>) at `path`, with a fresh SWR
 * cache and the fake signed-in tenant t-1 unless `auth` says otherwise.
 */
export function renderRoutes(routes: ReactNode, { path, auth }: { path?: string; auth?: AuthContextValue } = {}) {
  return renderWithAuth(<SWRProvider>{routes}</SWRProvider>, { path, auth });
}

/** Mocks the shared HTTP client; any call without a handler fails the test instead of reaching a network. */
export function mockHttp(): MockAdapter {
  return new MockAdapter(http, { onNoMatch: 'throwException' });
}
