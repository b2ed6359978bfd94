import { act, render, screen } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { useSWRConfig } from 'swr';
import { http } from '../http/createHttpClient';
import { CACHE_TTL_MS, createGcCache, type GcCache } from './gcCache';
import { SWRProvider } from './SWRProvider';
import { useApi } from './useApi';

const MINUTE = 60 * 1000;
const state = (data: unknown) => ({ data });

describe('createGcCache', () => {
  afterEach(() => jest.useRealTimers());

  it('forgets a key 5 minutes after it was last used', () => {
    jest.useFakeTimers();
    const cache = createGcCache();
    cache.start();
    cache.set('a', state(1));
    cache.set('b', state(2));
    jest.advanceTimersByTime(3 * MINUTE);
    expect(cache.get('b')).toEqual(state(2));
    jest.advanceTimersByTime(2 * MINUTE + 1);
    expect(cache.size).toBe(1);
    expect([...cache.keys()]).toEqual(['b']);
    jest.advanceTimersByTime(3 * MINUTE + 1);
    expect(cache.size).toBe(0);
    cache.stop();
  });

  it('never forgets a key that a mounted hook retains', () => {
    jest.useFakeTimers();
    const cache = createGcCache();
    cache.start();
    cache.set('held', state(1));
    cache.retain('held');
    jest.advanceTimersByTime(20 * MINUTE);
    expect(cache.size).toBe(1);
    cache.release('held');
    jest.advanceTimersByTime(CACHE_TTL_MS + MINUTE);
    expect(cache.size).toBe(0);
    cache.stop();
  });
});

describe('SWRProvider cache garbage collection', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps data while mounted and drops it 5 minutes after unmount', async () => {
    jest.useFakeTimers();
    const api = new MockAdapter(http);
    api.onGet('/v1/report/').reply(200, { name: 'r1' });
    let cache: GcCache | undefined;
    function Reader() {
      const { data } = useApi<{ name: string }>('/v1/report/');
      return <span>{data?.name ?? 'loading'}</span>;
    }
    function Spy() {
      cache = useSWRConfig().cache as GcCache;
      return null;
    }
    const ui = (showReader: boolean) => (
      <SWRProvider>
        <Spy />
        {showReader && <Reader />}
      </SWRProvider>
    );
    const { rerender } = render(ui(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('r1')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10 * MINUTE);
    });
    expect(cache?.get('/v1/report/')?.data).toEqual({ name: 'r1' });
    rerender(ui(false));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4 * MINUTE);
    });
    expect(cache?.get('/v1/report/')).toBeDefined();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(6 * MINUTE + 1);
    });
    expect(cache?.get('/v1/report/')).toBeUndefined();
    api.restore();
  });
});
