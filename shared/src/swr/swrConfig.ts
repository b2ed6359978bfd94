import { useEffect } from 'react';
import { unstable_serialize, useSWRConfig, type Middleware, type SWRConfiguration } from 'swr';
import type { GcCache } from './gcCache';

export const SWR_MAX_RETRIES = 3;
export const SWR_MAX_RETRY_DELAY_MS = 30000;

/**
 * GET through the console's HTTP client (cookies, XSRF, refresh queue). Imported on the first
 * call, so the providers every page mounts (and /login) do not bring axios; a signed-in page has
 * it already by then (its data hooks and the remotes' shared modules load it).
 */
export async function fetcher<T = unknown>(url: string): Promise<T> {
  const { http } = await import('../http/createHttpClient');
  const response = await http.get<T>(url);
  return response.data;
}

/** n = 0 for the first retry: 1000, 2000, 4000, … capped at 30000 ms. */
export function retryDelay(n: number): number {
  return Math.min(1000 * 2 ** n, SWR_MAX_RETRY_DELAY_MS);
}

export function isClientError(error: unknown): boolean {
  // An HTTP answer's status, from axios' error or authFetch's (same shape).
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  if (typeof status !== 'number') return false;
  return status >= 400 && status < 500;
}

const isGcCache = (cache: unknown): cache is GcCache => typeof (cache as GcCache | undefined)?.retain === 'function';

/** Marks a key as in use while a hook with it is mounted, so the GC keeps it. */
export const gcMiddleware: Middleware = (useSWRNext) => (key, fetch, config) => {
  const { cache } = useSWRConfig();
  const serialized = key == null ? '' : unstable_serialize(key);
  useEffect(() => {
    if (!serialized || !isGcCache(cache)) return undefined;
    cache.retain(serialized);
    return () => cache.release(serialized);
  }, [cache, serialized]);
  return useSWRNext(key, fetch, config);
};

export const swrConfig: SWRConfiguration = {
  fetcher,
  errorRetryCount: SWR_MAX_RETRIES,
  shouldRetryOnError: (error: unknown) => !isClientError(error),
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    // SWR passes retryCount starting at 1 for the first retry.
    if (isClientError(error) || retryCount > SWR_MAX_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount - 1));
  },
  use: [gcMiddleware],
};
