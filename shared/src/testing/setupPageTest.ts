// The setup every page test of a remote repeats (jest only; not exported from the package index).
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp } from './renderRoute';

export interface PageTest {
  /** The current test's HTTP mock: a call without a handler fails the test. */
  api: MockAdapter;
  /** console.error, silenced and spied on (with `quiet`): pages log failed requests there. */
  logged: jest.SpyInstance;
}

/**
 * Call in a describe block: each test gets a fresh HTTP mock and, with `quiet`, a silenced
 * console.error; both are restored after it. Read `api` and `logged` inside hooks and tests only.
 */
export function setupPageTest({ quiet = false }: { quiet?: boolean } = {}): PageTest {
  const page = {} as PageTest;
  beforeEach(() => {
    page.api = mockHttp();
    if (quiet) page.logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    page.api.restore();
    if (quiet) page.logged.mockRestore();
  });
  return page;
}
