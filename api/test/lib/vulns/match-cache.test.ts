// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { AffectedRow, FeedPair } from '../../../src/lib/vulns/feed-match.js'
import { cachedAffected, cachedLinks, type LinkedCve } from '../../../src/lib/vulns/match-cache.js'

// One re-match run asks the feed about the same package names batch after batch. Its cache must
// answer exactly what the feed would (a name with no advisory included, demo rows only when asked
// for), and when it outgrows its budget it must still answer in full.

const row = (packageName: string, osvId: string, demo = false): AffectedRow => ({
  osvId,
  ecosystem: 'Debian:12',
  packageName,
  ranges: [],
  versions: ['1.0-1'],
  demo
})

/** A feed of three names (openssl with two records, one of them demo; zlib with one; curl with none), counting what it is asked. */
function feed() {
  const rows = [row('openssl', 'DEBIAN-1'), row('openssl', 'DEMO-2', true), row('zlib', 'DEBIAN-3')]
  const asked: string[][] = []
  const lookup = async (pairs: FeedPair[], options: { demo?: boolean }) => {
    asked.push(pairs.map((pair) => pair.n))
    return rows.filter(
      (r) => pairs.some((p) => p.e === r.ecosystem && p.n === r.packageName) && (options.demo === true || !r.demo)
    )
  }
  return { lookup, asked }
}

const pairs = (...names: string[]): FeedPair[] => names.map((n) => ({ e: 'Debian:12', n }))
const ids = (rows: AffectedRow[]) => rows.map((r) => r.osvId).sort()

describe('cachedAffected', () => {
  it('answers as the feed does and asks it only about names it has not answered yet', async () => {
    const { lookup, asked } = feed()
    const cached = cachedAffected(lookup)
    assert.deepEqual(ids(await cached(pairs('openssl', 'curl'), {})), ['DEBIAN-1'])
    assert.deepEqual(ids(await cached(pairs('openssl', 'curl', 'zlib'), {})), ['DEBIAN-1', 'DEBIAN-3'])
    assert.deepEqual(ids(await cached(pairs('curl'), {})), [])
    assert.deepEqual(asked, [['openssl', 'curl'], ['zlib']])
  })

  it('keeps the demo catalogue apart: a real device never gets a demo row from the cache', async () => {
    const { lookup } = feed()
    const cached = cachedAffected(lookup)
    assert.deepEqual(ids(await cached(pairs('openssl'), { demo: true })), ['DEBIAN-1', 'DEMO-2'])
    assert.deepEqual(ids(await cached(pairs('openssl'), {})), ['DEBIAN-1'])
  })

  it('past its budget starts again and still answers in full', async () => {
    const { lookup, asked } = feed()
    const cached = cachedAffected(lookup, 1)
    assert.deepEqual(ids(await cached(pairs('zlib'), {})), ['DEBIAN-3'])
    // openssl's row would make two: the cache is emptied, the answer holds both names.
    assert.deepEqual(ids(await cached(pairs('zlib', 'openssl'), {})), ['DEBIAN-1', 'DEBIAN-3'])
    assert.deepEqual(ids(await cached(pairs('zlib'), {})), ['DEBIAN-3'])
    assert.deepEqual(asked, [['zlib'], ['openssl'], ['zlib']])
  })
})

describe('cachedLinks', () => {
  it('answers every record asked about, one without a CVE row included, asking the database once per record', async () => {
    const asked: string[][] = []
    const cve: LinkedCve = { uid: '00000000-0000-4000-8000-000000000001', score: 9.8, kev: true }
    const cached = cachedLinks(async (osvIds) => {
      asked.push(osvIds)
      return new Map(osvIds.filter((id) => id === 'DEBIAN-1').map((id) => [id, [cve]]))
    })
    assert.deepEqual(
      [...(await cached(['DEBIAN-1', 'DEBIAN-9'])).entries()],
      [
        ['DEBIAN-1', [cve]],
        ['DEBIAN-9', []]
      ]
    )
    assert.deepEqual([...(await cached(['DEBIAN-9', 'DEBIAN-1'])).entries()].sort(), [
      ['DEBIAN-1', [cve]],
      ['DEBIAN-9', []]
    ])
    assert.deepEqual(asked, [['DEBIAN-1', 'DEBIAN-9']])
  })
})
