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
    // A real sensor's session, one command.
    const options = { defaultSensor: 'real-sensor', now, oldestMs: now - 86_400_000, geo: null }
    const ts = new Date(now - 3_600_000).toISOString()
    await storeEvents(
      db,
      [
        {
          eventid: 'cowrie.session.connect',
          session: 's1',
          timestamp: ts,
          src_ip: '192.0.2.7',
          geoip: { asn: 64500, as_org: 'Example Net', country_name: 'Iceland' }
        },
        { eventid: 'cowrie.command.input', session: 's1', timestamp: ts, input: 'uname -a' }
      ].map((event) => normalizeEvent(event, options))
    )
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
    const rollups = rowsOf<{ kind: string; value: string; count: number }>(
      await db.execute(sql`
      SELECT kind, value, count::int AS count FROM honeypot_rollups ORDER BY kind, value`)
    )
    assert.deepEqual(
      rollups.map((row) => ({ ...row })),
      [
        { kind: 'asn', value: 'AS64500 Example Net', count: 1 },
        { kind: 'command', value: 'uname -a', count: 1 },
        { kind: 'country', value: 'Iceland', count: 1 },
        { kind: 'sessions', value: '', count: 1 }
      ]
    )
    const hash = rowsOf<{ ok: boolean }>(
      await db.execute(sql`SELECT bool_and(value_hash = md5(value)::uuid) AS ok FROM honeypot_rollups`)
    )
    assert.equal(hash[0]!.ok, true, 'the rebuilt keys are what ingest writes')

    // Idempotent: nothing left to remove.
    assert.deepEqual(await removeDemo(db), { tenants: [], records: 0, cveRows: 0, honeynetSessions: 0 })
  })
})
