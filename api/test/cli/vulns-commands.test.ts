// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { gunzipSync, gzipSync } from 'node:zlib'
import { and, eq, sql } from 'drizzle-orm'
import { runCli } from '../../src/cli/commands.js'
import { openDatabase } from '../../src/db/client.js'
import { devicePackages, devices, insightSboms, packageFindings, vulnerabilities } from '../../src/db/schema/index.js'
import { normaliseSbom } from '../../src/lib/insights/cyclonedx.js'
import { rowsOf } from '../../src/lib/sql-rows.js'
import { seed } from '../../src/lib/seed.js'
import { pgliteTemplate, tempDir } from '../helpers.js'
import { apiEntry } from '../server-process.js'
import { needsSharedData, sharedData, TEST_OSV } from '../shared-data.js'
import { osvFiles, osvRecordsIn } from '../lib/vulns/osv-files.js'

const apiDir = path.resolve(import.meta.dirname, '..', '..')
const env = (dataDir: string) => ({ PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' })

async function cli(dataDir: string, args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, env(dataDir), { out: (line) => out.push(line), err: (line) => err.push(line) })
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

/** Reads the embedded database between CLI runs (one process per data folder at a time). */
async function query<T>(dataDir: string, read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    return await read(database.db)
  } finally {
    await database.close()
  }
}

/** A made-up advisory for the demo's Debian 12 bash (test data only): every such device is affected. */
const BASH_ADVISORY = {
  id: 'DSA-9999-1',
  modified: '2026-11-01T00:00:00Z',
  upstream: ['CVE-2026-99999'],
  summary: 'bash - security update',
  details: 'A test advisory: bash before 5.2.15-2+b3 on Debian 12.',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
  affected: [
    {
      package: { ecosystem: 'Debian:12', name: 'bash' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '5.2.15-2+b3' }] }]
    }
  ]
}

describe('vulnerability CLI: import-osv and match-devices', () => {
  let dataDir: string
  let otherTenant: string
  let demoTenant: string
  before(async () => {
    dataDir = tempDir('console-cli-vulns-')
    const database = await openDatabase({ kind: 'pglite', dataDir, template: await pgliteTemplate() })
    try {
      const seeded = await seed(database.db, { demoPassword: 'demo-password', otherPassword: 'other-password', honeynet: false })
      otherTenant = seeded.other.tenantUid
      demoTenant = seeded.demo.tenantUid
    } finally {
      await database.close()
    }
  })

  it('imports a feed folder, prints the counts, and re-matches the devices it touches', async () => {
    const feed = tempDir('console-cli-feed-')
    fs.writeFileSync(path.join(feed, 'DSA-9999-1.json'), JSON.stringify(BASH_ADVISORY))
    const run = await cli(dataDir, ['import-osv', feed])
    assert.equal(run.code, 0, run.stderr)
    const [imported, matched, reanalysed] = run.stdout.split('\n')
    assert.equal(
      imported,
      'Imported 1 OSV record from 1 document: 1 CVE, 1 affected package row; 0 skipped, 0 older than stored, 0 withdrawn'
    )
    assert.match(matched!, /^Re-matched \d+ devices: [\d,]+ packages, [\d,]+ findings \(\d+ high risk\)$/)
    // The two system SBOMs have a bash component (read again by name, whatever the ecosystem); only
    // the Debian 12 one (bash 5.2.15-2+b2) is affected: it gains the advisory beside its demo findings.
    assert.match(reanalysed!, /^Re-analysed 2 SBOMs: 1 changed, [\d,]+ vulnerabilities from the feed$/)
    const system = await query(dataDir, async (db) =>
      (await db.select().from(insightSboms).where(eq(insightSboms.tenantUid, demoTenant)))
        .map((row) => JSON.parse(gunzipSync(Buffer.from(row.documentGzipBase64, 'base64')).toString('utf8')))
        .find((document) => document.metadata.component?.name === 'Debian GNU/Linux')
    )
    const bash = system.vulnerabilities.find((v: { id: string }) => v.id === 'CVE-2026-99999')
    assert.deepEqual(
      bash.affects.map((a: { ref: string }) => a.ref),
      [system.components.find((c: { name: string }) => c.name === 'bash')['bom-ref']]
    )
    assert.ok(
      !bash.properties.some((p: { name: string }) => p.name === 'console:demo'),
      'a real advisory on a demo SBOM is not demo data'
    )

    const { expected, findings, high } = await query(dataDir, async (db) => {
      const [bash] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM device_packages
        WHERE ecosystem = 'Debian:12' AND source_name = 'bash' AND version = '5.2.15-2+b2'`)
      )
      const rows = await db
        .select({ deviceUid: packageFindings.deviceUid })
        .from(packageFindings)
        .innerJoin(vulnerabilities, eq(vulnerabilities.uid, packageFindings.vulnerabilityUid))
        .where(eq(vulnerabilities.cveId, 'CVE-2026-99999'))
      const risky = await db
        .select({ risk: devices.riskScore })
        .from(devices)
        .innerJoin(
          devicePackages,
          and(
            eq(devicePackages.deviceUid, devices.uid),
            eq(devicePackages.name, 'bash'),
            eq(devicePackages.ecosystem, 'Debian:12')
          )
        )
      return { expected: bash!.n, findings: rows.length, high: risky.every((device) => device.risk === 'High') }
    })
    assert.ok(expected >= 12, `${expected} Debian 12 bash packages in the demo`)
    assert.equal(findings, expected, 'every Debian 12 bash below the fix, and nothing else')
    assert.ok(high, 'a CVSS 9.8 finding makes those devices High')

    const again = await cli(dataDir, ['import-osv', feed])
    assert.equal(again.code, 0)
    // Idempotent: the same counts, and the SBOM read again is not rewritten.
    assert.equal(again.stdout, run.stdout.replace('Re-analysed 2 SBOMs: 1 changed', 'Re-analysed 2 SBOMs: 0 changed'))
  })

  it('imports the real records of ../shared/data/osv', { skip: needsSharedData('osv') }, async () => {
    const feed = sharedData('osv')
    const real = await cli(dataDir, ['import-osv', feed])
    assert.equal(real.code, 0, real.stderr)
    const records = osvRecordsIn(feed).length
    const documents = osvFiles(feed).length
    assert.match(
      real.stdout,
      new RegExp(
        `^Imported ${records.toLocaleString('en-US')} OSV records from ${documents} documents: [\\d,]+ CVEs, [\\d,]+ affected package rows; 0 skipped, 0 older than stored, 0 withdrawn\n`
      )
    )
  })

  it('reports bad files on stderr and keeps the good ones', async () => {
    const feed = tempDir('console-cli-bad-')
    fs.writeFileSync(path.join(feed, 'bad.json'), '{"id": "GHSA-')
    fs.copyFileSync(path.join(TEST_OSV, 'npm', 'GHSA-test-0005-0005.json'), path.join(feed, 'good.json'))
    const mixed = await cli(dataDir, ['import-osv', feed])
    assert.equal(mixed.code, 0)
    assert.match(mixed.stderr, new RegExp(`^Skipped ${path.basename(feed)}/bad\\.json: not JSON: `))
    assert.match(mixed.stdout, /^Imported 1 OSV record from 2 documents: 1 CVE, 1 affected package row; 1 skipped,/)

    fs.rmSync(path.join(feed, 'good.json'))
    const onlyBad = await cli(dataDir, ['import-osv', feed])
    assert.equal(onlyBad.code, 1)
    assert.match(onlyBad.stderr, /Skipped .*bad\.json[^\n]*\nNothing could be imported$/)
  })

  it('usage: a missing or extra PATH exits 2; a path that does not exist exits 1 with one line', async () => {
    const missing = await cli(dataDir, ['import-osv'])
    assert.equal(missing.code, 2)
    assert.equal(missing.stderr, 'Missing PATH. Usage: npm run cli -- import-osv <PATH>')
    assert.equal((await cli(dataDir, ['import-osv', 'a', 'b'])).code, 2)
    const nowhere = await cli(dataDir, ['import-osv', path.join(dataDir, 'no-such-feed')])
    assert.equal(nowhere.code, 1)
    assert.equal(nowhere.stderr, `No such file or folder: ${path.join(dataDir, 'no-such-feed')}`)
  })

  it("match-devices re-matches every device, or one tenant's", async () => {
    const all = await cli(dataDir, ['match-devices'])
    assert.equal(all.code, 0, all.stderr)
    assert.match(all.stdout, /^Matched 68 devices: [\d,]+ packages, [\d,]+ findings \(\d+ high risk\)$/)
    const one = await cli(dataDir, ['match-devices', '--tenant', otherTenant])
    assert.match(one.stdout, /^Matched 4 devices: /)
    assert.equal((await cli(dataDir, ['match-devices', '--tenant', 'acme'])).stderr, '--tenant must be a tenant uid, not "acme"')
    const unknown = await cli(dataDir, ['match-devices', '--tenant', '00000000-0000-4000-8000-000000000000'])
    assert.equal(unknown.code, 1)
    assert.equal(unknown.stderr, 'No tenant with uid 00000000-0000-4000-8000-000000000000')
  })

  it("reanalyse-sboms analyses every stored SBOM again (or one tenant's), e.g. one stored before the analysis existed", async () => {
    // The demo Debian 12 system SBOM as an older console stored it: as uploaded (console-scan's
    // output lists no vulnerabilities), never analysed.
    const { system, old } = await query(dataDir, async (db) => {
      const rows = await db.select().from(insightSboms).where(eq(insightSboms.tenantUid, demoTenant))
      const row = rows.find(
        (r) =>
          JSON.parse(gunzipSync(Buffer.from(r.documentGzipBase64, 'base64')).toString('utf8')).metadata.component?.name ===
          'Debian GNU/Linux'
      )!
      const document = JSON.parse(gunzipSync(Buffer.from(row.documentGzipBase64, 'base64')).toString('utf8'))
      const old = JSON.stringify(
        normaliseSbom({ bomFormat: 'CycloneDX', specVersion: document.spec_version, components: document.components })
      )
      await db
        .update(insightSboms)
        .set({ documentGzipBase64: gzipSync(old).toString('base64'), vulnerabilityCount: 0, packages: null })
        .where(and(eq(insightSboms.tenantUid, demoTenant), eq(insightSboms.reportUid, row.reportUid)))
      return { system: row.reportUid, old }
    })
    const stored = async () =>
      await query(
        dataDir,
        async (db) =>
          (
            await db
              .select()
              .from(insightSboms)
              .where(and(eq(insightSboms.tenantUid, demoTenant), eq(insightSboms.reportUid, system)))
          )[0]!
      )

    const one = await cli(dataDir, ['reanalyse-sboms', '--tenant', otherTenant])
    assert.equal(one.code, 0, one.stderr)
    assert.match(
      one.stdout,
      /^Re-analysed 1 SBOM: 0 changed, [\d,]+ vulnerabilities from the feed$/,
      "the isolation tenant's gateway SBOM: already analysed"
    )
    assert.equal(
      gunzipSync(Buffer.from((await stored()).documentGzipBase64, 'base64')).toString('utf8'),
      old,
      "another tenant's SBOM is not touched"
    )

    const all = await cli(dataDir, ['reanalyse-sboms'])
    assert.equal(all.code, 0, all.stderr)
    const row = await stored()
    const document = JSON.parse(gunzipSync(Buffer.from(row.documentGzipBase64, 'base64')).toString('utf8'))
    const added = document.vulnerabilities.filter((v: { properties: Array<{ name: string }> }) =>
      v.properties.some((p) => p.name === 'console:source')
    ).length
    assert.ok(added > 0 && row.vulnerabilityCount === added && row.stats.feed?.vulnerabilities === added)
    assert.ok(row.packages !== null && row.packages.includes('openssl'))
    assert.ok(
      document.vulnerabilities.some((v: { properties: Array<{ name: string }> }) =>
        v.properties.some((p) => p.name === 'console:demo')
      ),
      'a demo SBOM gets the demo catalogue back'
    )
    assert.match(all.stdout, /^Re-analysed 3 SBOMs: 1 changed, \d+ vulnerabilities from the feed$/)

    const again = await cli(dataDir, ['reanalyse-sboms'])
    assert.match(again.stdout, /^Re-analysed 3 SBOMs: 0 changed, /)
    assert.equal(
      (await cli(dataDir, ['reanalyse-sboms', '--tenant', 'acme'])).stderr,
      '--tenant must be a tenant uid, not "acme"'
    )
  })

  it('as a process: --help lists the commands', async () => {
    const help = await new Promise<string>((resolve) => {
      execFile(process.execPath, [...apiEntry('cli'), '--help'], { cwd: apiDir, env: env(dataDir) }, (_error, stdout) =>
        resolve(stdout)
      )
    })
    assert.match(help, /import-osv <PATH> +Import an OSV vulnerability feed/)
    assert.match(help, /match-devices \[--tenant <uid>\] +Re-match/)
    assert.match(help, /reanalyse-sboms \[--tenant <uid>\] +Analyse every stored SBOM/)
  })
})
