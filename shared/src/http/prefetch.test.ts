import MockAdapter from 'axios-mock-adapter';
import { http } from './createHttpClient';
import { prefetchGet, PREFETCH_FRESH_MS } from './prefetch';

const api = new MockAdapter(http);
afterAll(() => api.restore());
beforeEach(() => {
  api.reset();
  api.resetHistory();
});

describe('prefetchGet: a read started before the page that makes it', () => {
  it("answers the page's own GET of that URL once, with one request to the API", async () => {
    api.onGet('/v1/tenants/t-1/dashboard/strategic/').reply(200, { devices: 3 });
    prefetchGet('/v1/tenants/t-1/dashboard/strategic/');
    const first = await http.get('/v1/tenants/t-1/dashboard/strategic/');
    expect(first.data).toEqual({ devices: 3 });
    expect(api.history.get).toHaveLength(1);
    await http.get('/v1/tenants/t-1/dashboard/strategic/'); // a later read asks the API again
    expect(api.history.get).toHaveLength(2);
  });

  it("hands a failed read to the page as its own failure (the page's Retry asks again)", async () => {
    api.onGet('/v1/x/').replyOnce(503, { detail: 'The database is not answering' });
    api.onGet('/v1/x/').reply(200, { ok: true });
    prefetchGet('/v1/x/');
    await expect(http.get('/v1/x/')).rejects.toMatchObject({ response: { status: 503 } });
    await expect(http.get('/v1/x/')).resolves.toMatchObject({ data: { ok: true } });
    expect(api.history.get).toHaveLength(2);
  });

  it('does not answer a GET with other parameters, nor one made after the answer went stale', async () => {
    const now = jest.spyOn(Date, 'now');
    api.onGet('/v1/y/').reply(200, { ok: true });
    now.mockReturnValue(1_000_000);
    prefetchGet('/v1/y/');
    await http.get('/v1/y/', { params: { offset: 50 } });
    now.mockReturnValue(1_000_000 + PREFETCH_FRESH_MS);
    await http.get('/v1/y/');
    now.mockRestore();
    expect(api.history.get).toHaveLength(3);
  });
});
