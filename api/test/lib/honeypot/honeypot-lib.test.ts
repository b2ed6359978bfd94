import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { formatAsn } from '../../../src/lib/honeypot/cowrie.js'
import { loadGeoTable } from '../../../src/lib/honeypot/geoip.js'
import { emptyResult, ingestStream } from '../../../src/lib/honeypot/ingest.js'
import { BodyTooLargeError, ndjsonLines } from '../../../src/lib/honeypot/ndjson.js'
import { pruneHoneypot } from '../../../src/lib/honeypot/prune.js'
import { eventPartitions, partitionName } from '../../../src/lib/honeypot/partitions.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { honeypotMetrics } from '../../../src/lib/honeypot/metrics.js'
import { buildTestApp, tempDir, type TestApp } from '../../helpers.js'
import { cowrieEvent } from './honeypot-helpers.js'

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of iterable) out.push(item)
  return out
}

describe('honeypot ndjson reader', () => {
  const limits = { maxBytes: 1000, maxLine: 100, maxLines: 1000 }
  it('splits lines across chunk borders, numbers them and skips blank ones', async () => {
    const chunks = [Buffer.from('{"a":1}\n{"b"'), Buffer.from(':2}\r\n\n   \n{"c":3}')]
    assert.deepEqual(await collect(ndjsonLines(chunks, limits)), [
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
      { line: 5, text: '{"c":3}' }
    ])
  })

  it('drops an over-long line without buffering it and reads on', async () => {
    const chunks = [Buffer.from('x'.repeat(60)), Buffer.from('y'.repeat(60)), Buffer.from('\nok')]
    assert.deepEqual(await collect(ndjsonLines(chunks, limits)), [
      { line: 1, error: 'line longer than 100 bytes' },
      { line: 2, text: 'ok' }
    ])
  })

  it('stops at the body limit', async () => {
    await assert.rejects(collect(ndjsonLines([Buffer.alloc(600, 32), Buffer.alloc(600, 32)], limits)), BodyTooLargeError)
  })

  it('counts blank lines against the line limit (ASVS 5.0 15.2.2: bounded work per request)', async () => {
    const lines = { ...limits, maxBytes: 1e9, maxLines: 5 }
    assert.equal((await collect(ndjsonLines([Buffer.from('{}\n\n\n\n{}')], lines))).length, 2, 'five lines are fine')
    await assert.rejects(collect(ndjsonLines([Buffer.from('{}\n\n\n\n\n{}')], lines)), /more than 5 lines/)
    await assert.rejects(collect(ndjsonLines([Buffer.alloc(1_000_000, 10)], lines)), /more than 5 lines/)
  })

  it('stops a body that inflates past the ratio once past the slack (ASVS 5.0 5.2.3)', async () => {
    const ratio = { maxBytes: 1e9, maxLine: 100, maxLines: 1e9, maxRatio: 50, ratioSlack: 1000 }
    const chunks = [Buffer.alloc(900, 32), Buffer.alloc(900, 32)]
    assert.equal(
      (await collect(ndjsonLines(chunks, { ...ratio, encodedBytes: () => 40 }))).length,
      1,
      '1,800 bytes from 40: 45 times'
    )
    await assert.rejects(
      collect(ndjsonLines(chunks, { ...ratio, encodedBytes: () => 30 })),
      /more than 50 times its compressed size/
    )
    assert.equal(
      (await collect(ndjsonLines([Buffer.alloc(900, 32)], { ...ratio, encodedBytes: () => 1 }))).length,
      1,
      'within the slack'
    )
  })
})

describe('honeypot enrichment', () => {
  it('formats ASNs the way the console shows them', () => {
    assert.equal(formatAsn(14061, 'DigitalOcean, LLC'), 'AS14061 DigitalOcean, LLC')
    assert.equal(formatAsn('AS4134', 'CHINANET-BACKBONE'), 'AS4134 CHINANET-BACKBONE')
    assert.equal(formatAsn(0, undefined), undefined)
    assert.equal(formatAsn(undefined, 'Some Org'), 'Some Org')
  })

  it('looks source addresses up in an iptoasn.com table (plain or gzipped)', () => {
    const dir = tempDir()
    const table = [
      '1.0.0.0\t1.0.0.255\t13335\tUS\tCLOUDFLARENET',
      '45.95.147.0\t45.95.147.255\t9009\tRO\tM247 Europe SRL',
      '100.64.0.0\t100.127.255.255\t0\tNone\tNot routed'
    ].join('\n')
    fs.writeFileSync(path.join(dir, 'ip2asn-v4.tsv.gz'), gzipSync(table))
    const lookup = loadGeoTable(path.join(dir, 'ip2asn-v4.tsv.gz'))
    assert.deepEqual(lookup('45.95.147.236'), { asn: 'AS9009 M247 Europe SRL', country: 'Romania' })
    assert.deepEqual(lookup('1.0.0.1'), { asn: 'AS13335 CLOUDFLARENET', country: 'United States' })
    assert.equal(lookup('100.64.1.1'), undefined, 'not routed (AS 0, None) and carrier-grade NAT space')
    assert.equal(lookup('8.8.8.8'), undefined)
    assert.equal(lookup('2001:db8::1'), undefined)
  })
})

describe('honeypot ingest with a GeoIP table, and retention', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

  it('fills in ASN and country from the table only where the sensor sent none', async () => {
    const dir = tempDir()
    // A made-up owner for a real address, so the answer can only come from this table.
    fs.writeFileSync(path.join(dir, 'ip2asn-v4.tsv'), '45.95.147.0\t45.95.147.255\t64496\tNL\tExample Net\n')
    const geo = loadGeoTable(path.join(dir, 'ip2asn-v4.tsv'))
    const lines = [
      cowrieEvent('cowrie.session.connect', 'geo-lookup01', 5000, { src_ip: '45.95.147.236' }),
      cowrieEvent('cowrie.session.connect', 'geo-enriched', 5000, {
        geoip: { asn: 4134, as_org: 'CHINANET-BACKBONE', country_name: 'China' }
      })
    ].join('\n')
    const result = await ingestStream(
      t.app.db,
      [Buffer.from(lines)],
      { retentionDays: 30, defaultSensor: 's', geo },
      emptyResult()
    )
    assert.equal(result.accepted, 2)
    const metrics = await honeypotMetrics(t.app.db)
    assert.deepEqual(metrics.top_asns, [
      { asn: 'AS4134 CHINANET-BACKBONE', count: 1 },
      { asn: 'AS64496 Example Net', count: 1 }
    ])
    assert.deepEqual(metrics.top_countries, [
      { country: 'China', count: 1 },
      { country: 'Netherlands', count: 1 }
    ])
  })

  it('prunes raw events, sessions and rollups past the retention', async () => {
    const pruned = await pruneHoneypot(t.app.db, 15, Date.now() + 20 * 86_400_000)
    assert.deepEqual({ events: pruned.events, sessions: pruned.sessions }, { events: 2, sessions: 2 })
    assert.ok(pruned.rollups >= 5) // sessions, 2 ASNs, 2 countries (one hour bucket, or two across an hour)
    assert.equal((await honeypotMetrics(t.app.db)).top_asns.length, 0)
  })
})

describe('honeynet events: one partition per UTC day, retention drops whole days', () => {
  let t: TestApp
  const DAY = 86_400_000
  const today = Math.floor(Date.now() / DAY) * DAY
  // An event at a given instant (ms), in a session of its own.
  const at = (instant: number, session: string) => cowrieEvent('cowrie.session.connect', session, Date.now() - instant)
  const store = async (lines: string[]) =>
    await ingestStream(
      t.app.db,
      [Buffer.from(lines.join('\n'))],
      { retentionDays: 30, defaultSensor: 's', geo: null },
      emptyResult()
    )
  const names = async () => (await eventPartitions(t.app.db)).map((partition) => partition.name)
  const eventCount = async () =>
    Number(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM honeypot_events`))[0]?.n)

  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

  it('stores each day in its own partition, and a resent event still counts once', async () => {
    const lines = [
      at(today - 2 * DAY + 3_600_000, 'part-a'),
      at(today - DAY + 3_600_000, 'part-b'),
      at(Date.now() - 60_000, 'part-c')
    ]
    assert.equal((await store(lines)).accepted, 3)
    const again = await store([lines[0]!])
    assert.deepEqual({ accepted: again.accepted, duplicates: again.duplicates }, { accepted: 0, duplicates: 1 })
    assert.equal(await eventCount(), 3)
    assert.deepEqual(await names(), [partitionName(today - 2 * DAY), partitionName(today - DAY), partitionName(today)])
  })

  it('retention drops the days wholly before its cutoff and deletes the earlier rows of the cutoff day', async () => {
    // Cutoff: yesterday at noon. The day before yesterday goes whole; yesterday's 01:00 event goes.
    const pruned = await pruneHoneypot(t.app.db, 15, today - DAY + 12 * 3_600_000 + 15 * DAY)
    assert.equal(pruned.events, 2)
    assert.deepEqual(await names(), [partitionName(today - DAY), partitionName(today)])
    assert.equal(await eventCount(), 1)
  })

  it("a day whose partition another process's retention dropped is created again when its events come", async () => {
    await t.app.db.execute(sql.raw(`DROP TABLE "${partitionName(today)}"`))
    assert.equal((await store([at(Date.now() - 30_000, 'part-d')])).accepted, 1)
    assert.deepEqual(await names(), [partitionName(today - DAY), partitionName(today)])
    assert.equal(await eventCount(), 1)
  })
})
