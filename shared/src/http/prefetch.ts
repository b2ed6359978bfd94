import type { AxiosRequestConfig, AxiosResponse } from 'axios';

// GETs a cold load starts before the page that reads them has loaded (the host, from the page
// manifest's `prefetch`, once the tenant is known): the page's own GET of the same URL takes the
// answer instead of asking again. Taken once; an answer older than FRESH_MS is asked for anew.

export const PREFETCH_FRESH_MS = 10_000;

interface Prefetched {
  at: number;
  response: Promise<AxiosResponse>;
}

const prefetched = new Map<string, Prefetched>();

/** The config flag of the prefetch's own request, so it never answers itself. */
export const PREFETCH_FLAG = 'consolePrefetch';

/** Starts GET `url` (an API path, as the pages pass it to `http`) unless it is already on its way. */
export function prefetchGet(url: string): void {
  const held = prefetched.get(url);
  if (held && Date.now() - held.at < PREFETCH_FRESH_MS) return;
  const response = import('./createHttpClient').then(({ http }) =>
    http.get(url, { [PREFETCH_FLAG]: true } as AxiosRequestConfig),
  );
  // A failure reaches the page's own GET, which shows it (with Retry) as if it had asked itself.
  response.catch(() => undefined);
  prefetched.set(url, { at: Date.now(), response });
}

/** The prefetched answer of GET `url`, once, if it is fresh. */
export function takePrefetched(url: string): Promise<AxiosResponse> | undefined {
  const held = prefetched.get(url);
  prefetched.delete(url);
  if (!held || Date.now() - held.at >= PREFETCH_FRESH_MS) return undefined;
  return held.response;
}
