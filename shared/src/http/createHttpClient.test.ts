import MockAdapter from 'axios-mock-adapter';
import { createHttpClient, csrfCookieName, isNoRetryPath } from './createHttpClient';

function setup() {
  const clients = createHttpClient();
  const api = new MockAdapter(clients.http);
  const refresh = new MockAdapter(clients.refreshClient);
  return { ...clients, api, refresh };
}

describe('http client session refresh', () => {
  it('uses the console defaults', () => {
    const { http } = setup();
    expect(http.defaults.baseURL).toBe('/api');
    expect(http.defaults.withCredentials).toBe(true);
    expect(http.defaults.timeout).toBe(0);
    expect(http.defaults.xsrfCookieName).toBe('csrftoken');
    expect(http.defaults.xsrfHeaderName).toBe('X-CSRFToken');
  });

  it('refreshes once for many concurrent 401s and replays them all', async () => {
    const { http, api, refresh } = setup();
    let refreshed = false;
    api.onGet(/\/v1\/items\/\d+\//).reply((config) => (refreshed ? [200, { url: config.url }] : [401, { detail: 'expired' }]));
    let refreshCalls = 0;
    refresh.onPost('/v1/token/refresh/').reply(async () => {
      refreshCalls += 1;
      await new Promise((r) => setTimeout(r, 20));
      refreshed = true;
      return [200, { success: true }];
    });

    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => http.get(`/v1/items/${i}/`)));
    expect(refreshCalls).toBe(1);
    expect(results.map((r) => r.data.url)).toEqual(Array.from({ length: 8 }, (_, i) => `/v1/items/${i}/`));
    expect(api.history.get).toHaveLength(16);
  });

  it('rejects every queued request with its original error when the refresh fails', async () => {
    const { http, api, refresh } = setup();
    api.onGet(/\/v1\/items\/\d+\//).reply((config) => [401, { detail: `denied ${config.url}` }]);
    refresh.onPost('/v1/token/refresh/').reply(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return [401, { detail: 'refresh failed' }];
    });

    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => http.get(`/v1/items/${i}/`)));
    expect(refresh.history.post).toHaveLength(1);
    outcomes.forEach((outcome, i) => {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason.response.status).toBe(401);
      expect(reason.response.data.detail).toBe(`denied /v1/items/${i}/`);
    });
    expect(api.history.get).toHaveLength(5);
  });

  it.each(['/v1/token/', '/v1/token/refresh/', '/v1/token/logout/'])(
    'passes a 401 from %s to the caller without refreshing',
    async (path) => {
      const { http, api, refresh } = setup();
      api.onPost(path).reply(401, { detail: 'Invalid email or password' });
      refresh.onPost('/v1/token/refresh/').reply(200, { success: true });
      await expect(http.post(path, {})).rejects.toMatchObject({ response: { status: 401 } });
      expect(refresh.history.post).toHaveLength(0);
      expect(api.history.post).toHaveLength(1);
    },
  );

  it('does refresh for other token endpoints such as is_authenticated', () => {
    expect(isNoRetryPath('/v1/token/is_authenticated/')).toBe(false);
    expect(isNoRetryPath('/v1/token/profile/')).toBe(false);
    expect(isNoRetryPath('/api/v1/token/refresh/')).toBe(true);
    expect(isNoRetryPath('/v1/token/logout')).toBe(true);
  });

  it('retries a request at most once: a second 401 goes to the caller', async () => {
    const { http, api, refresh } = setup();
    api.onGet('/v1/devices/').reply(401, { detail: 'still denied' });
    refresh.onPost('/v1/token/refresh/').reply(200, { success: true });
    await expect(http.get('/v1/devices/')).rejects.toMatchObject({
      response: { status: 401, data: { detail: 'still denied' } },
    });
    expect(refresh.history.post).toHaveLength(1);
    expect(api.history.get).toHaveLength(2);
  });

  it('does not refresh on errors other than 401', async () => {
    const { http, api, refresh } = setup();
    api.onGet('/v1/devices/').reply(500, { detail: 'boom' });
    await expect(http.get('/v1/devices/')).rejects.toMatchObject({ response: { status: 500 } });
    expect(refresh.history.post).toHaveLength(0);
  });
});

/** Every XMLHttpRequest answers 200 {"success":true} at once, so the real request path (headers, cookies) runs. */
function answerEveryXhrWith200() {
  return jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
    Object.defineProperty(this, 'readyState', { value: 4 });
    Object.defineProperty(this, 'status', { value: 200 });
    Object.defineProperty(this, 'responseText', { value: '{"success":true}' });
    Object.defineProperty(this, 'response', { value: '{"success":true}' });
    this.dispatchEvent(new Event('loadend'));
  });
}

describe('http client XSRF', () => {
  it('sends the csrftoken cookie as the X-CSRFToken header on unsafe methods', async () => {
    document.cookie = 'csrftoken=abc123; path=/';
    const { http } = createHttpClient();
    const setHeader = jest.spyOn(XMLHttpRequest.prototype, 'setRequestHeader');
    const send = answerEveryXhrWith200();
    const response = await http.post('/v1/things/', { a: 1 });
    expect(response.status).toBe(200);
    expect(setHeader).toHaveBeenCalledWith('X-CSRFToken', 'abc123');
    const xhr = send.mock.contexts[0] as XMLHttpRequest;
    expect(xhr.withCredentials).toBe(true);
    setHeader.mockRestore();
    send.mockRestore();
  });
});

// Over HTTPS the API names its CSRF cookie __Host-csrftoken (COOKIE_SECURE=true; OWASP ASVS 5.0
// V3.3.3); the header stays X-CSRFToken either way.
describe('http client XSRF cookie name', () => {
  it('prefers __Host-csrftoken, falls back to csrftoken', () => {
    expect(csrfCookieName('a=1; __Host-csrftoken=abc; csrftoken=old')).toBe('__Host-csrftoken');
    expect(csrfCookieName('csrftoken=abc')).toBe('csrftoken');
    expect(csrfCookieName('')).toBe('csrftoken');
    expect(csrfCookieName('x__Host-csrftoken=nope')).toBe('csrftoken');
  });

  async function postCapturingHeaders(cookies: string, path: string, client: 'http' | 'refreshClient' = 'http') {
    const cookie = jest.spyOn(document, 'cookie', 'get').mockReturnValue(cookies);
    const clients = createHttpClient();
    const setHeader = jest.spyOn(XMLHttpRequest.prototype, 'setRequestHeader');
    const send = answerEveryXhrWith200();
    try {
      await clients[client].post(path, {});
      return setHeader.mock.calls.filter(([name]) => name === 'X-CSRFToken').map(([, value]) => value);
    } finally {
      setHeader.mockRestore();
      send.mockRestore();
      cookie.mockRestore();
    }
  }

  it('sends the __Host-csrftoken cookie as X-CSRFToken when the server set one', async () => {
    expect(await postCapturingHeaders('__Host-csrftoken=secure-token; csrftoken=stale', '/v1/things/')).toEqual(['secure-token']);
  });

  it('the refresh call sends it too', async () => {
    expect(await postCapturingHeaders('__Host-csrftoken=secure-token', '/v1/token/refresh/', 'refreshClient')).toEqual([
      'secure-token',
    ]);
  });

  it('still sends the plain csrftoken over HTTP', async () => {
    expect(await postCapturingHeaders('csrftoken=plain-token', '/v1/things/')).toEqual(['plain-token']);
  });
});
