import MockAdapter from 'axios-mock-adapter';
import { installFakeFetch } from '../testing/fakeFetch';
import { ApiResponseError, authFetch } from './authFetch';
import { http, refreshClient } from './createHttpClient';

const api = installFakeFetch();
afterAll(() => api.restore());
beforeEach(() => {
  api.reset();
  api.resetHistory();
});
const refreshes = () => api.history.post.filter((r) => r.url === '/v1/token/refresh/').length;

describe('authFetch: the sign-in calls over fetch', () => {
  it('refreshes the session once on a 401 and replays the call', async () => {
    let refreshed = false;
    api.onGet('/v1/token/is_authenticated/').reply(() => (refreshed ? [200, { success: true }] : [401, { success: false }]));
    api.onPost('/v1/token/refresh/').reply(() => {
      refreshed = true;
      return [200, { success: true }];
    });
    await expect(authFetch('GET', '/v1/token/is_authenticated/')).resolves.toEqual({ data: { success: true } });
    expect(refreshes()).toBe(1);
    expect(api.history.get).toHaveLength(2);
  });

  it('hands the first 401 to the caller when the refresh fails, and replays nothing', async () => {
    api.onGet('/v1/token/profile/').reply(401, { detail: 'expired' });
    api.onPost('/v1/token/refresh/').reply(401, { detail: 'no session' });
    const error = await authFetch('GET', '/v1/token/profile/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ response: { status: 401, data: { detail: 'expired' } } });
    expect(api.history.get).toHaveLength(1);
  });

  it('never refreshes for a wrong password', async () => {
    api.onPost('/v1/token/').reply(401, { detail: 'Invalid email or password' });
    await expect(authFetch('POST', '/v1/token/', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(refreshes()).toBe(0);
  });

  it('sends the CSRF cookie as X-CSRFToken and the body as JSON', async () => {
    const cookie = jest.spyOn(document, 'cookie', 'get').mockReturnValue('__Host-csrftoken=secure%20token; csrftoken=stale');
    api.onPost('/v1/token/logout/').reply(200, { success: true });
    await authFetch('POST', '/v1/token/logout/', { a: 1 });
    cookie.mockRestore();
    const [sent] = api.history.post;
    expect(sent.headers['X-CSRFToken']).toBe('secure token');
    expect(sent.headers['Content-Type']).toBe('application/json');
    expect(sent.data).toBe('{"a":1}');
  });

  it('says what a non-JSON error page was, by its status', async () => {
    const fake = globalThis.fetch;
    globalThis.fetch = async () => ({ ok: false, status: 502, text: async () => '<html>Bad Gateway</html>' }) as Response;
    try {
      await expect(authFetch('GET', '/v1/token/is_authenticated/')).rejects.toThrow('Request failed with status code 502');
    } finally {
      globalThis.fetch = fake;
    }
  });

  it('joins a refresh the axios client already started: the refresh token is presented once', async () => {
    // The API revokes the whole session when one refresh token comes back twice (reuse detection).
    const axiosApi = new MockAdapter(http);
    const axiosRefresh = new MockAdapter(refreshClient);
    let refreshed = false;
    axiosApi.onGet('/v1/devices/').reply(() => (refreshed ? [200, []] : [401, { detail: 'expired' }]));
    axiosRefresh.onPost('/v1/token/refresh/').reply(async () => {
      await new Promise((r) => setTimeout(r, 30));
      refreshed = true;
      return [200, { success: true }];
    });
    api.onGet('/v1/token/is_authenticated/').reply(() => (refreshed ? [200, { success: true }] : [401, { success: false }]));
    api.onPost('/v1/token/refresh/').reply(200, { success: true });

    const devices = http.get('/v1/devices/');
    await new Promise((r) => setTimeout(r, 5)); // the axios refresh is in flight
    const check = authFetch('GET', '/v1/token/is_authenticated/');
    await expect(Promise.all([devices, check])).resolves.toHaveLength(2);
    expect(axiosRefresh.history.post).toHaveLength(1);
    expect(refreshes()).toBe(0);
    axiosApi.restore();
    axiosRefresh.restore();
  });
});
