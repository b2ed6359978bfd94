import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { devicePackages, devices, osvRecords, packageFindings, tenants, vulnerabilities } from '../../src/db/schema/index.js'
import { createTenant } from '../../src/lib/accounts.js'
import { normalizeEvent } from '../../src/lib/honeypot/cowrie.js'
import { seedHoneynet } from '../../src/lib/honeypot/seed.js'
import { storeEvents } from '../../src/lib/honeypot/store.js'
import { removeDemo } from '../../src/lib/remove-demo.js'
import { seed } from '../../src/lib/seed.js'
import { rowsOf } from '../../src/lib/sql-rows.js'
import { storeOsvRecords } from '../../src/lib/vulns/feed-store.js'
import { matchDevicePackages } from '../../src/lib/vulns/match.js'
import { OsvFormatError, parseOsvDocument } from '../../src/lib/vulns/osv-record.js'
import { openTestDatabase, usingPostgres, type TestDatabase } from '../helpers.js'
import type { Db } from '../../src/db/client.js'

/** Every honeynet table derived from the sessions and events, as sorted rows. */
async function derivedTables(db: Db): Promise<Record<string, unknown[]>> {
  const tables: Record<string, string> = {
    hourly: 'SELECT kind, bucket, value_hash, value, count::int FROM honeypot_rollups',
    daily: 'SELECT kind, bucket, value_hash, value, count::int FROM honeypot_daily_rollups',
    sessionFiles: 'SELECT value_hash, session_key, started_at FROM honeypot_session_files',
    sessionCommands: 'SELECT value_hash, session_key, started_at FROM honeypot_session_commands',
    valueDays: 'SELECT kind, value_hash, value, last_day, days::text FROM honeypot_value_days',
    valueHours: 'SELECT kind, bucket, value_hash, value, hours::text FROM honeypot_value_hours'
  }
  const out: Record<string, unknown[]> = {}
  for (const [name, query] of Object.entries(tables))
    out[name] = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(query)))
      .map((row) => JSON.stringify(row))
      .sort()
  return out
}

/** One session of a real sensor an hour before `now`: a login, a command and a file download. */
function realSession(now: number) {
  const options = { defaultSensor: 'real-sensor', now, oldestMs: now - 86_400_000, geo: null }
  const ts = new Date(now - 3_600_000).toISOString()
  return [
    {
      eventid: 'cowrie.session.connect',
      session: 's1',
      timestamp: ts,
      src_ip: '192.0.2.7',
      geoip: { asn: 64500, as_org: 'Example Net', country_name: 'Iceland' }
    },
    { eventid: 'cowrie.login.failed', session: 's1', timestamp: ts, username: 'root', password: 'hunter2' },
    { eventid: 'cowrie.command.input', session: 's1', timestamp: ts, input: 'uname -a' },
    {
      eventid: 'cowrie.session.file_download',
      session: 's1',
      timestamp: ts,
      url: 'http://198.51.100.9/x.sh',
      shasum: 'a'.repeat(64)
    }
  ].map((event) => normalizeEvent(event, options))
}

/** `remove-demo` deletes what the demo seed wrote and leaves a real tenant's data exactly as it was. */
describe('remove-demo', () => {
  let t: TestDatabase
  const now = Date.now()
  before(async () => {
    t = await openTestDatabase()
  })
  // PGlite's cleanup closes nothing: an open PGlite keeps the test file's process alive.
  after(async () => {
    if (usingPostgres()) await t.cleanup()
    else await t.database.close()
  })

  it('removes the demo tenants, catalogue and honeynet history; keeps real data and rebuilds the rollups from it', async () => {
    const db = t.database.db
    await seed(db, { honeynet: false, detect: true, insights: false })
    await seedHoneynet(db, now, 50)

    // A real tenant: a device affected by a real advisory of a CVE the demo catalogue also names.
    const real = await createTenant(db, 'Acme')
    const [device] = await db
      .insert(devices)
      .values({ tenantUid: real.uid, hostname: 'acme-web', deviceType: 'linux' })
      .returning()
    await db.insert(devicePackages).values({
      tenantUid: real.uid,
      deviceUid: device!.uid,
      name: 'liblzma5',
      version: '5.6.1-1',
      ecosystem: 'Debian:13',
      sourceName: 'xz-utils'
    })
    const [parsed] = parseOsvDocument(
      JSON.stringify({
        id: 'DEBIAN-CVE-2024-3094',
        modified: '2024-04-01T00:00:00Z',
        details: 'Malicious code in the upstream xz tarballs.',
        affected: [
          {
            package: { ecosystem: 'Debian:13', name: 'xz-utils' },
            ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '5.6.0-0.1' }, { fixed: '5.6.1+really5.4.5-1' }] }]
          }
        ]
      })
    )
    assert.ok(parsed !== undefined && !(parsed instanceof OsvFormatError))
    await storeOsvRecords(db, [{ record: parsed, source: 'test' }])
    assert.equal((await matchDevicePackages(db, real.uid, device!.uid)).findings, 1)
    // A real sensor's session: a login, a command, a download.
    await storeEvents(db, realSession(now))
    assert.ok((await derivedTables(db)).daily.length > 20, 'the seed and the real session both counted')
    // What ingest derives from the real session alone, in a database of its own: after remove-demo
    // every derived table must hold exactly this (nothing of the generated history left behind).
    const alone = await openTestDatabase()
    let derivedOnlyReal: Record<string, unknown[]>
    try {
      await storeEvents(alone.database.db, realSession(now))
      derivedOnlyReal = await derivedTables(alone.database.db)
    } finally {
      if (usingPostgres()) await alone.cleanup()
      else await alone.database.close()
    }
    const demoRecords = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM osv_records WHERE demo`))[0]!.n
    assert.ok(demoRecords > 50)

    const removed = await removeDemo(db)
    assert.deepEqual(removed.tenants, ['Demo Tenant', 'Isolation Tenant'])
    assert.equal(removed.records, demoRecords)
    assert.equal(removed.honeynetSessions, 50)

    assert.deepEqual(
      (await db.select({ name: tenants.name }).from(tenants)).map((row) => row.name),
      ['Acme']
    )
    assert.deepEqual(
      (await db.select({ id: osvRecords.id }).from(osvRecords)).map((row) => row.id),
      ['DEBIAN-CVE-2024-3094']
    )
    // The CVE row stays (a real record names it), described by the real record alone.
    const [xz] = await db.select().from(vulnerabilities).where(eq(vulnerabilities.cveId, 'CVE-2024-3094'))
    assert.deepEqual(
      [xz!.source, xz!.description, xz!.score],
      ['osv:DEBIAN-CVE-2024-3094', 'Malicious code in the upstream xz tarballs.', null]
    )
    // CVE rows only the demo catalogue named are gone.
    assert.deepEqual(
      (await db.select({ id: vulnerabilities.cveId }).from(vulnerabilities)).map((row) => row.id),
      ['CVE-2024-3094']
    )
    assert.equal(
      (await db.select().from(packageFindings).where(eq(packageFindings.deviceUid, device!.uid))).length,
      1,
      'the real finding stays'
    )

    const sessions = rowsOf<{ sensor: string }>(await db.execute(sql`SELECT sensor FROM honeypot_sessions`))
    assert.deepEqual(
      sessions.map((row) => row.sensor),
      ['real-sensor']
    )
    assert.deepEqual(await derivedTables(db), derivedOnlyReal)
    const kinds = rowsOf<{ kind: string }>(await db.execute(sql`SELECT DISTINCT kind FROM honeypot_daily_rollups ORDER BY kind`))
    assert.deepEqual(
      kinds.map((row) => row.kind),
      ['asn', 'command', 'country', 'hash', 'password', 'sessions', 'src_ip', 'url', 'username']
    )

    // Idempotent: nothing left to remove.
    assert.deepEqual(await removeDemo(db), { tenants: [], records: 0, cveRows: 0, honeynetSessions: 0 })
  })
})
