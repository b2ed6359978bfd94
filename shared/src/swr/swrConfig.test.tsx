import { act, render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import type { ReactNode } from 'react';
import { http } from '../http/createHttpClient';
import { SWRProvider } from './SWRProvider';
import { fetcher, retryDelay, swrConfig } from './swrConfig';
import { useApi } from './useApi';

function axiosError(status: number) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { detail: 'x' },
  });
}

type OnErrorRetry = NonNullable<typeof swrConfig.onErrorRetry>;
const onErrorRetry = swrConfig.onErrorRetry as OnErrorRetry;

describe('swrConfig', () => {
  afterEach(() => jest.useRealTimers());

  it('backs off 1000, 2000, 4000 … capped at 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a 5xx three times with exponential delays, then stops', () => {
    jest.useFakeTimers();
    const timeout = jest.spyOn(globalThis, 'setTimeout');
    const revalidate = jest.fn();
    const call = (retryCount: number) =>
      onErrorRetry(axiosError(503), 'k', {} as never, revalidate, { retryCount, dedupe: true });
    [1, 2, 3, 4].forEach(call);
    expect(timeout.mock.calls.map((c: unknown[]) => c[1])).toEqual([1000, 2000, 4000]);
    jest.runAllTimers();
    expect(revalidate).toHaveBeenCalledTimes(3);
    expect(swrConfig.errorRetryCount).toBe(3);
    timeout.mockRestore();
  });

  it('never retries a 4xx such as 404', () => {
    jest.useFakeTimers();
    const revalidate = jest.fn();
    onErrorRetry(axiosError(404), 'k', {} as never, revalidate, { retryCount: 1, dedupe: true });
    jest.runAllTimers();
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('fetches through the console http client and returns the data', async () => {
    const api = new MockAdapter(http);
    api.onGet('/v1/things/').reply(200, { results: [1] });
    await expect(fetcher('/v1/things/')).resolves.toEqual({ results: [1] });
    api.restore();
  });
});

describe('SWRProvider end to end', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => {
    api.restore();
    jest.useRealTimers();
  });

  function Thing({ path }: { path: string }) {
    const { data, error } = useApi<{ name: string }>(path);
    if (error) return <span>error {error.response?.status}</span>;
    return <span>{data ? data.name : 'loading'}</span>;
  }
  const wrap = (ui: ReactNode) => render(<SWRProvider>{ui}</SWRProvider>);

  it('does not retry a 404 in a real hook', async () => {
    jest.useFakeTimers();
    api.onGet('/v1/missing/').reply(404, { detail: 'Not found' });
    wrap(<Thing path="/v1/missing/" />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60000);
    });
    expect(screen.getByText('error 404')).toBeInTheDocument();
    expect(api.history.get).toHaveLength(1);
  });

  it('retries a 500 three times with 1 s, 2 s and 4 s delays', async () => {
    jest.useFakeTimers();
    api.onGet('/v1/flaky/').reply(500, { detail: 'boom' });
    wrap(<Thing path="/v1/flaky/" />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(api.history.get).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(api.history.get).toHaveLength(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    expect(api.history.get).toHaveLength(3);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4000);
    });
    expect(api.history.get).toHaveLength(4);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60000);
    });
    expect(api.history.get).toHaveLength(4);
  });
});
