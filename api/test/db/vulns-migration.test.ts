import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { migrationsFolder, type Db } from '../../src/db/client.js'
import * as schema from '../../src/db/schema/index.js'
import { createTenant } from '../../src/lib/accounts.js'
import { rowsOf } from '../../src/lib/sql-rows.js'
import { matchDevicePackages } from '../../src/lib/vulns/match.js'
import { tempDir } from '../helpers.js'

/** The migrations folder as it was before the vulnerability feed (0000..0002). */
function foldersUpTo(count: number): string {
  const dir = tempDir('console-migrations-')
  fs.cpSync(migrationsFolder, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> }
  assert.equal(journal.entries[count - 1]?.tag, '0002_honeypot')
  journal.entries = journal.entries.slice(0, count)
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

describe('migration of the demo affected rows to OSV records (0003..0005)', () => {
  let db: Db
  let migrateTo: (folder: string) => Promise<void>
  let close: () => Promise<void>

  before(async () => {
    const adminUrl = process.env.DATABASE_URL
    if (adminUrl) {
      const name = `console_test_${randomBytes(6).toString('hex')}`
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
      await admin.unsafe(`CREATE DATABASE ${name}`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      const client = postgres(url.toString(), { max: 1, onnotice: () => {} })
      const pg = drizzlePostgres({ client, schema })
      db = pg
      migrateTo = (folder) => migratePostgres(pg, { migrationsFolder: folder })
      close = async () => {
        await client.end({ timeout: 5 })
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end({ timeout: 5 })
      }
    } else {
      // The later migrations need pg_trgm, as the console's own PGlite loads it (db/client.ts).
      const client = await PGlite.create({ extensions: { pg_trgm } })
      const lite = drizzlePglite({ client, schema })
      db = lite
      migrateTo = (folder) => migratePglite(lite, { migrationsFolder: folder })
      close = () => client.close()
    }
  })
  after(async () => {
    await close()
  })

  it('keeps what an existing demo database matched: a DEMO- record per CVE that had affected rows', async () => {
    await migrateTo(foldersUpTo(3))
    // What the earlier seed wrote: CVE rows, and affected rows hanging straight off them.
    const [xz] = rowsOf<{ uid: string }>(
      await db.execute(sql`
      INSERT INTO vulnerabilities (cve_id, score, summary, description, source)
      VALUES ('CVE-2024-3094', 10, 'xz backdoor.', 'Malicious code was discovered in the upstream tarballs of xz.', 'seed') RETURNING uid`)
    )
    await db.execute(sql`INSERT INTO vulnerabilities (cve_id, score, source) VALUES ('CVE-2023-4863', 8.8, 'seed')`)
    await db.execute(sql`
      INSERT INTO vulnerability_affected (vulnerability_uid, ecosystem, package_name, versions)
      VALUES (${xz!.uid}, 'Debian:13', 'xz-utils', '["5.6.1-1"]'::jsonb), (${xz!.uid}, 'Ubuntu:22.04:LTS', 'xz-utils', '["5.6.0-0.2"]'::jsonb)`)

    await migrateTo(migrationsFolder)

    const records = rowsOf<{ id: string; source: string; details: string; score: number }>(
      await db.execute(sql`
      SELECT id, source, details, score FROM osv_records ORDER BY id`)
    )
    assert.deepEqual(
      records.map((r) => [r.id, r.source, r.details, Number(r.score)]),
      [['DEMO-CVE-2024-3094', 'seed', 'Malicious code was discovered in the upstream tarballs of xz.', 10]],
      'one record, only for the CVE that had affected rows'
    )
    const affected = rowsOf<{ osv_id: string; ecosystem: string }>(
      await db.execute(sql`SELECT osv_id, ecosystem FROM vulnerability_affected ORDER BY ecosystem`)
    )
    assert.deepEqual(
      affected.map((row) => ({ ...row })),
      [
        { osv_id: 'DEMO-CVE-2024-3094', ecosystem: 'Debian:13' },
        { osv_id: 'DEMO-CVE-2024-3094', ecosystem: 'Ubuntu:22.04:LTS' }
      ]
    )

    // 0009 marks the old seed's records as the demo catalogue: the matcher still finds it on a
    // demo device that has the package, and never on a real one.
    assert.deepEqual(
      rowsOf<{ demo: boolean }>(await db.execute(sql`SELECT demo FROM osv_records`)).map((r) => r.demo),
      [true]
    )
    const tenant = await createTenant(db, 'Migrated')
    const [demo, real] = await db
      .insert(schema.devices)
      .values([
        { tenantUid: tenant.uid, hostname: 'sid-box', deviceType: 'linux', demo: true },
        { tenantUid: tenant.uid, hostname: 'real-sid-box', deviceType: 'linux' }
      ])
      .returning()
    for (const device of [demo!, real!]) {
      await db.insert(schema.devicePackages).values({
        tenantUid: tenant.uid,
        deviceUid: device.uid,
        name: 'liblzma5',
        version: '5.6.1-1',
        ecosystem: 'Debian:13',
        sourceName: 'xz-utils'
      })
    }
    assert.deepEqual(await matchDevicePackages(db, tenant.uid, demo!.uid), { packages: 1, findings: 1, highRisk: 1, kev: 0 })
    assert.deepEqual(await matchDevicePackages(db, tenant.uid, real!.uid), { packages: 1, findings: 0, highRisk: 0, kev: 0 })
  })
})
