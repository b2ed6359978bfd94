import type { Cache, State } from 'swr';

export const CACHE_TTL_MS = 5 * 60 * 1000;
export const CACHE_SWEEP_INTERVAL_MS = 60 * 1000;

export interface GcCacheOptions {
  ttlMs?: number;
  sweepIntervalMs?: number;
  now?: () => number;
}

/**
 * SWR keeps every key forever; this cache forgets a key once no component has used it
 * for `ttlMs`. Mounted hooks hold a reference (see gcMiddleware) so their data never goes.
 */
export interface GcCache extends Cache {
  retain(key: string): void;
  release(key: string): void;
  sweep(): void;
  start(): void;
  stop(): void;
  readonly size: number;
}

export function createGcCache(options: GcCacheOptions = {}): GcCache {
  const ttl = options.ttlMs ?? CACHE_TTL_MS;
  const interval = options.sweepIntervalMs ?? CACHE_SWEEP_INTERVAL_MS;
  const now = options.now ?? (() => Date.now());
  const store = new Map<string, State>();
  const lastUsed = new Map<string, number>();
  const holders = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | null = null;

  const touch = (key: string) => lastUsed.set(key, now());

  const cache: GcCache = {
    get(key) {
      if (store.has(key)) touch(key);
      return store.get(key);
    },
    set(key, value) {
      touch(key);
      store.set(key, value);
    },
    delete(key) {
      store.delete(key);
      lastUsed.delete(key);
    },
    keys() {
      return store.keys();
    },
    retain(key) {
      holders.set(key, (holders.get(key) ?? 0) + 1);
      touch(key);
    },
    release(key) {
      const count = (holders.get(key) ?? 1) - 1;
      if (count > 0) holders.set(key, count);
      else holders.delete(key);
      touch(key);
    },
    sweep() {
      const limit = now() - ttl;
      for (const key of [...store.keys()]) {
        if (holders.has(key)) continue;
        if ((lastUsed.get(key) ?? 0) <= limit) cache.delete(key);
      }
    },
    start() {
      if (!timer) timer = setInterval(() => cache.sweep(), interval);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    get size() {
      return store.size;
    },
  };
  return cache;
}
