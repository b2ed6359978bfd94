/**
 * A small in-process cache for hot read paths (session checks, DETECT detail answers).
 *
 * - Entries live at most `ttlMs` (or less, see `resolve`); the oldest entry goes when the cache
 *   holds `maxEntries` entries or `maxWeight` units (e.g. bytes of JSON).
 * - Concurrent misses on one key share one load, so 200 clients arriving together cost one query.
 * - `invalidate()` is safe against loads in flight: a load that started before it is never
 *   stored, whatever it read (it may have read the database before the write committed).
 * - With `staleMs`, an entry past its TTL is still answered for that long while one load in the
 *   background replaces it (stale-while-revalidate): for keys that change whenever what they
 *   hold does, where the TTL only bounds a missed change.
 */
export interface MemoCacheOptions<V> {
  ttlMs: number
  maxEntries: number
  /** With `weigh`: the total weight kept. */
  maxWeight?: number
  weigh?: (value: V) => number
  /**
   * How long past its TTL an entry is still answered while a background load replaces it; 0
   * (default) = a caller after the TTL waits for a new load. A failed background load drops the
   * entry, so the next caller waits for a load and sees its error.
   */
  staleMs?: number
  /** Told why a background load (staleMs) failed: no caller awaits it. */
  onBackgroundError?: (error: unknown, key: string) => void
}

interface Entry<V> {
  value: V
  until: number
  weight: number
}

export class MemoCache<V> {
  readonly #options: MemoCacheOptions<V>
  readonly #entries = new Map<string, Entry<V>>()
  readonly #pending = new Map<string, Promise<V | undefined>>()
  #generation = 0
  #weight = 0

  constructor(options: MemoCacheOptions<V>) {
    this.#options = options
  }

  get size(): number {
    return this.#entries.size
  }

  /** The live entry (within its TTL), or undefined. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (entry.until <= Date.now()) {
      if (!this.#servable(entry)) this.#delete(key, entry)
      return undefined
    }
    return entry.value
  }

  /**
   * The cached value, else the result of `load()` (stored unless undefined). `until(value)` may
   * shorten an entry's life below the TTL (e.g. an access token that expires sooner). Past the
   * TTL but within `staleMs`, the old value at once and `load()` in the background.
   */
  async resolve(key: string, load: () => Promise<V | undefined>, until?: (value: V) => number): Promise<V | undefined> {
    const hit = this.get(key)
    if (hit !== undefined) return hit
    if (this.#options.ttlMs <= 0) return load()
    const stale = this.#entries.get(key)
    if (stale !== undefined) {
      if (!this.#pending.has(key)) {
        this.#load(key, load, until).catch((error: unknown) => {
          if (this.#entries.get(key) === stale) this.#delete(key, stale)
          this.#options.onBackgroundError?.(error, key)
        })
      }
      return stale.value
    }
    return this.#pending.get(key) ?? this.#load(key, load, until)
  }

  #load(key: string, load: () => Promise<V | undefined>, until?: (value: V) => number): Promise<V | undefined> {
    const generation = this.#generation
    const promise = load()
      .then((value) => {
        if (value !== undefined && generation === this.#generation) {
          this.#store(key, value, Math.min(Date.now() + this.#options.ttlMs, until?.(value) ?? Infinity))
        }
        return value
      })
      .finally(() => {
        if (this.#pending.get(key) === promise) this.#pending.delete(key)
      })
    this.#pending.set(key, promise)
    return promise
  }

  /** Whether an entry past its TTL may still be answered (staleMs). */
  #servable(entry: Entry<V>): boolean {
    return entry.until + (this.#options.staleMs ?? 0) > Date.now()
  }

  /**
   * Drops the entries that `matches` (all without it) and forgets every load in flight, so that
   * nothing read before this call is served after it.
   */
  invalidate(matches?: (value: V, key: string) => boolean): void {
    this.#generation++
    this.#pending.clear()
    for (const [key, entry] of this.#entries) {
      if (matches === undefined || matches(entry.value, key)) this.#delete(key, entry)
    }
  }

  #store(key: string, value: V, until: number): void {
    if (until <= Date.now()) return
    const weight = this.#options.weigh?.(value) ?? 0
    const maxWeight = this.#options.maxWeight ?? Infinity
    if (weight > maxWeight) return
    const old = this.#entries.get(key)
    if (old !== undefined) this.#delete(key, old)
    // Map order is insertion order: the first entries are the oldest.
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size < this.#options.maxEntries && this.#weight + weight <= maxWeight) break
      this.#delete(oldest, entry)
    }
    this.#entries.set(key, { value, until, weight })
    this.#weight += weight
  }

  #delete(key: string, entry: Entry<V>): void {
    this.#entries.delete(key)
    this.#weight -= entry.weight
  }
}
