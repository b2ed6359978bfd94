import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { installFakeFetch } from '../testing/fakeFetch';
import type { AuthContextValue } from './AuthContext';
import { useAuth } from './AuthContext';
import { AuthProvider } from './AuthProvider';

// The sign-in calls go over fetch (authFetch), the session refresh with them.
const api = installFakeFetch();
afterAll(() => api.restore());
const posts = (url: string) => api.history.post.filter((r) => r.url === url);
const PROFILE = { user_email: 'ana@example.com', tenant_uid: 't-1', tenant_name: 'Acme', user_uid: 'u-1' };

let latest: AuthContextValue;
let navigate: (to: string) => void;

function Probe() {
  const auth = useAuth();
  const go = useNavigate();
  // Handed to the tests once rendered.
  useEffect(() => {
    latest = auth;
    navigate = go;
  });
  return (
    <div>
      <span data-testid="auth">{String(auth.isAuthenticated)}</span>
      <span data-testid="loading">{String(auth.loading)}</span>
      <span data-testid="email">{auth.profile?.user_email ?? ''}</span>
    </div>
  );
}

function renderAuth() {
  return render(
    <MemoryRouter initialEntries={['/start']}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const checks = () => api.history.get.filter((r) => r.url === '/v1/token/is_authenticated/').length;
const profiles = () => api.history.get.filter((r) => r.url === '/v1/token/profile/').length;

let consoleError: jest.SpyInstance;
beforeEach(() => {
  api.reset();
  api.resetHistory();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  api.onPost('/v1/token/refresh/').reply(401, { detail: 'no session' });
});
afterEach(() => consoleError.mockRestore());

describe('AuthProvider', () => {
  it('starts not authenticated and loading, then settles from the check', async () => {
    let resolveCheck: (v: [number, unknown]) => void = () => undefined;
    api.onGet('/v1/token/is_authenticated/').reply(() => new Promise((r) => (resolveCheck = r)));
    api.onGet('/v1/token/profile/').reply(200, PROFILE);
    renderAuth();
    expect(screen.getByTestId('auth')).toHaveTextContent('false');
    expect(screen.getByTestId('loading')).toHaveTextContent('true');
    await act(async () => resolveCheck([200, { success: true }]));
    await waitFor(() => expect(screen.getByTestId('email')).toHaveTextContent('ana@example.com'));
    expect(screen.getByTestId('auth')).toHaveTextContent('true');
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
  });

  it('keeps why the profile failed, and clears it once a re-check loads the profile', async () => {
    api.onGet('/v1/token/is_authenticated/').reply(200, { success: true });
    api.onGet('/v1/token/profile/').replyOnce(503, { detail: 'The database is not answering' });
    api.onGet('/v1/token/profile/').reply(200, PROFILE);
    renderAuth();
    await waitFor(() => expect(latest.profileError).toBe('The database is not answering'));
    expect(latest.isAuthenticated).toBe(true);
    expect(latest.profile).toBeNull();
    await act(async () => {
      await latest.checkAuth();
    });
    await waitFor(() => expect(screen.getByTestId('email')).toHaveTextContent('ana@example.com'));
    expect(latest.profileError).toBeNull();
  });

  it('re-checks on every path change but fetches the profile only when missing', async () => {
    api.onGet('/v1/token/is_authenticated/').reply(200, { success: true });
    api.onGet('/v1/token/profile/').reply(200, PROFILE);
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('email')).toHaveTextContent('ana@example.com'));
    expect(checks()).toBe(1);
    act(() => navigate('/agents'));
    await waitFor(() => expect(checks()).toBe(2));
    act(() => navigate('/insights'));
    await waitFor(() => expect(checks()).toBe(3));
    expect(profiles()).toBe(1);
  });

  it('clears the profile when the session is gone', async () => {
    let ok = true;
    api
      .onGet('/v1/token/is_authenticated/')
      .reply(() => (ok ? [200, { success: true }] : [401, { success: false, detail: 'expired' }]));
    api.onGet('/v1/token/profile/').reply(200, PROFILE);
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('email')).toHaveTextContent('ana@example.com'));
    ok = false;
    act(() => navigate('/other'));
    await waitFor(() => expect(screen.getByTestId('auth')).toHaveTextContent('false'));
    expect(screen.getByTestId('email')).toHaveTextContent('');
    expect(consoleError).toHaveBeenCalled();
  });

  it('treats success:false in the check response as anonymous', async () => {
    api.onGet('/v1/token/is_authenticated/').reply(200, { success: false });
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    expect(screen.getByTestId('auth')).toHaveTextContent('false');
    expect(profiles()).toBe(0);
  });

  it('login success sets authenticated and runs the check', async () => {
    let signedIn = false;
    api.onGet('/v1/token/is_authenticated/').reply(() => (signedIn ? [200, { success: true }] : [401, { success: false }]));
    api.onPost('/v1/token/').reply(() => {
      signedIn = true;
      return [200, { success: true }];
    });
    api.onGet('/v1/token/profile/').reply(200, PROFILE);
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    let result;
    await act(async () => {
      result = await latest.login({ email: 'ana@example.com', password: 'secret1', remember: true });
    });
    expect(result).toEqual({ success: true });
    expect(JSON.parse(posts('/v1/token/')[0].data ?? '')).toEqual({
      email: 'ana@example.com',
      password: 'secret1',
      remember: true,
    });
    expect(screen.getByTestId('auth')).toHaveTextContent('true');
    expect(screen.getByTestId('email')).toHaveTextContent('ana@example.com');
    expect(checks()).toBe(2);
  });

  it('login failure returns the fixed message for a 401 and the API detail for a 429', async () => {
    api.onGet('/v1/token/is_authenticated/').reply(401, { success: false });
    api.onPost('/v1/token/').replyOnce(401, { detail: 'whatever' });
    api.onPost('/v1/token/').replyOnce(429, { detail: 'Too many attempts, try again later' });
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    consoleError.mockClear();
    api.resetHistory();
    let first;
    let second;
    await act(async () => {
      first = await latest.login({ email: 'a@b.c', password: 'badbad' });
      second = await latest.login({ email: 'a@b.c', password: 'badbad' });
    });
    expect(first).toEqual({ success: false, error: 'Invalid email or password' });
    expect(second).toEqual({ success: false, error: 'Too many attempts, try again later' });
    expect(consoleError).toHaveBeenCalledTimes(2);
    expect(posts('/v1/token/refresh/')).toHaveLength(0);
    expect(screen.getByTestId('auth')).toHaveTextContent('false');
  });

  it('logout success sets not authenticated; failure returns an error and logs', async () => {
    api.onGet('/v1/token/is_authenticated/').reply(200, { success: true });
    api.onGet('/v1/token/profile/').reply(200, PROFILE);
    api.onPost('/v1/token/logout/').replyOnce(500, { detail: 'down' });
    api.onPost('/v1/token/logout/').replyOnce(200, { success: true });
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('auth')).toHaveTextContent('true'));
    let failed;
    await act(async () => {
      failed = await latest.logout();
    });
    expect(failed).toEqual({ success: false, error: 'down' });
    expect(consoleError).toHaveBeenCalled();
    expect(screen.getByTestId('auth')).toHaveTextContent('true');
    let ok;
    await act(async () => {
      ok = await latest.logout();
    });
    expect(ok).toEqual({ success: true });
    expect(screen.getByTestId('auth')).toHaveTextContent('false');
    expect(screen.getByTestId('email')).toHaveTextContent('');
  });

  it('check failure returns success false with an error and logs', async () => {
    api.onGet('/v1/token/is_authenticated/').reply(500, { detail: 'db down' });
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    let result;
    await act(async () => {
      result = await latest.checkAuth();
    });
    expect(result).toEqual({ success: false, error: 'db down' });
    expect(consoleError).toHaveBeenCalled();
  });

  it('useAuth outside the provider throws', () => {
    function Bad() {
      useAuth();
      return null;
    }
    expect(() => render(<Bad />)).toThrow('useAuth must be used inside <AuthProvider>');
  });
});
