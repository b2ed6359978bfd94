// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { MemoCache } from '../../src/lib/memo-cache.js'

// Mirrors src/lib/memo-cache.ts: what the session check and the DETECT detail cache rely on.

/** A load that counts its calls and resolves when told to. */
function gate<V>(value: V) {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  let calls = 0
  return {
    load: async () => {
      calls++
      await opened
      return value
    },
    open: () => open(),
    get calls() {
      return calls
    }
  }
}

describe('MemoCache', () => {
  it('serves a loaded value until its TTL, then loads again', async () => {
    const cache = new MemoCache<string>({ ttlMs: 80, maxEntries: 10 })
    let loads = 0
    const load = async () => `v${++loads}`
    assert.equal(await cache.resolve('k', load), 'v1')
    assert.equal(await cache.resolve('k', load), 'v1')
    await sleep(120)
    assert.equal(await cache.resolve('k', load), 'v2')
  })

  it('shares one load between concurrent misses', async () => {
    const cache = new MemoCache<string>({ ttlMs: 1000, maxEntries: 10 })
    const g = gate('value')
    const all = Promise.all(Array.from({ length: 50 }, () => cache.resolve('k', g.load)))
    g.open()
    assert.deepEqual(new Set(await all), new Set(['value']))
    assert.equal(g.calls, 1)
  })

  it('never stores what a load read before an invalidation, and does not hand it to later callers', async () => {
    const cache = new MemoCache<string>({ ttlMs: 1000, maxEntries: 10 })
    const stale = gate('before the write')
    const first = cache.resolve('k', stale.load)
    cache.invalidate()
    // A caller arriving after the invalidation gets its own, fresh load.
    const fresh = gate('after the write')
    const second = cache.resolve('k', fresh.load)
    stale.open()
    fresh.open()
    assert.equal(await first, 'before the write')
    assert.equal(await second, 'after the write')
    assert.equal(await cache.resolve('k', async () => 'reloaded'), 'after the write')
  })

  it('invalidates only the matching entries', async () => {
    const cache = new MemoCache<{ family: string }>({ ttlMs: 1000, maxEntries: 10 })
    await cache.resolve('a', async () => ({ family: 'f1' }))
    await cache.resolve('b', async () => ({ family: 'f2' }))
    cache.invalidate((value) => value.family === 'f1')
    assert.equal(cache.get('a'), undefined)
    assert.deepEqual(cache.get('b'), { family: 'f2' })
  })

  it('does not keep an entry past the time `until` gives', async () => {
    const cache = new MemoCache<string>({ ttlMs: 10_000, maxEntries: 10 })
    await cache.resolve(
      'k',
      async () => 'short-lived',
      () => Date.now() + 50
    )
    assert.equal(cache.get('k'), 'short-lived')
    await sleep(80)
    assert.equal(cache.get('k'), undefined)
    await cache.resolve(
      'gone',
      async () => 'already expired',
      () => Date.now() - 1
    )
    assert.equal(cache.get('gone'), undefined)
  })

  it('does not cache undefined or failed loads, and caches nothing with a TTL of 0', async () => {
    const cache = new MemoCache<string>({ ttlMs: 1000, maxEntries: 10 })
    assert.equal(await cache.resolve('k', async () => undefined), undefined)
    await assert.rejects(
      cache.resolve('k', async () => {
        throw new Error('database down')
      }),
      /database down/
    )
    assert.equal(await cache.resolve('k', async () => 'now'), 'now')

    const off = new MemoCache<string>({ ttlMs: 0, maxEntries: 10 })
    let loads = 0
    await off.resolve('k', async () => `v${++loads}`)
    assert.equal(await off.resolve('k', async () => `v${++loads}`), 'v2')
    assert.equal(off.size, 0)
  })

  it('drops the oldest entries beyond maxEntries or maxWeight', async () => {
    const cache = new MemoCache<string>({ ttlMs: 1000, maxEntries: 3, maxWeight: 10, weigh: (v) => v.length })
    for (const key of ['a', 'b', 'c', 'd']) await cache.resolve(key, async () => key)
    assert.equal(cache.size, 3)
    assert.equal(cache.get('a'), undefined)
    assert.equal(cache.get('d'), 'd')
    await cache.resolve('big', async () => '12345678')
    assert.equal(cache.get('b'), undefined, 'evicted to make room by weight')
    assert.equal(cache.get('big'), '12345678')
    await cache.resolve('huge', async () => 'x'.repeat(11))
    assert.equal(cache.get('huge'), undefined, 'heavier than the whole cache: never stored')
    assert.equal(cache.get('big'), '12345678')
  })

  it('with staleMs, answers an entry past its TTL at once and replaces it with one background load', async () => {
    const cache = new MemoCache<string>({ ttlMs: 50, maxEntries: 10, staleMs: 1000 })
    assert.equal(await cache.resolve('k', async () => 'v1'), 'v1')
    await sleep(80)
    assert.equal(cache.get('k'), undefined, 'get() answers only within the TTL')
    const next = gate('v2')
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.resolve('k', next.load)))
    assert.deepEqual(answers, ['v1', 'v1', 'v1', 'v1', 'v1'], 'no caller waits for the reload')
    assert.equal(next.calls, 1, 'one reload for all of them')
    next.open()
    await sleep(10)
    assert.equal(await cache.resolve('k', async () => 'v3'), 'v2')
  })

  it('with staleMs, a failed background load drops the entry: the next caller waits and sees the error', async () => {
    const reported: string[] = []
    const cache = new MemoCache<string>({
      ttlMs: 50,
      maxEntries: 10,
      staleMs: 1000,
      onBackgroundError: (error, key) => reported.push(`${key}: ${(error as Error).message}`)
    })
    await cache.resolve('k', async () => 'v1')
    await sleep(80)
    const failing = async () => {
      throw new Error('database down')
    }
    assert.equal(await cache.resolve('k', failing), 'v1')
    await sleep(10)
    assert.deepEqual(reported, ['k: database down'], 'the background failure is reported')
    await assert.rejects(cache.resolve('k', failing), /database down/)
    assert.equal(reported.length, 1, "a caller's own failure is the caller's to report")
  })

  it('with staleMs, an entry past TTL + staleMs or invalidated is never answered', async () => {
    const cache = new MemoCache<string>({ ttlMs: 30, maxEntries: 10, staleMs: 30 })
    await cache.resolve('k', async () => 'old')
    await sleep(80)
    assert.equal(await cache.resolve('k', async () => 'new'), 'new')
    await sleep(40)
    cache.invalidate()
    assert.equal(await cache.resolve('k', async () => 'after the write'), 'after the write')
  })
})
