import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { and, eq, inArray } from 'drizzle-orm'
import { devicePackages, devices, packageFindings, vulnerabilities } from '../../../src/db/schema/index.js'
import { refreshDeviceStats } from '../../../src/lib/vulns/device-stats.js'
import { importOsv } from '../../../src/lib/vulns/import.js'
import { allDevices, devicesTouched, matchDevicePackages, matchDevices } from '../../../src/lib/vulns/match.js'
import { needsSharedData, sharedData, TEST_OSV } from '../../shared-data.js'
import { addDevice, openVulnsDb, type VulnsDb } from './vulns-helpers.js'

describe('matching device packages against the feed (our own records, fixtures/test-osv)', () => {
  let t: VulnsDb
  before(async () => {
    t = await openVulnsDb()
    await importOsv(t.db, TEST_OSV)
  })
  after(async () => {
    await t.cleanup()
  })

  /** The CVE ids found per package name on a device. */
  const found = async (deviceUid: string): Promise<Record<string, string[]>> => {
    const rows = await t.db
      .select({ name: devicePackages.name, cveId: vulnerabilities.cveId })
      .from(packageFindings)
      .innerJoin(devicePackages, eq(devicePackages.id, packageFindings.packageId))
      .innerJoin(vulnerabilities, eq(vulnerabilities.uid, packageFindings.vulnerabilityUid))
      .where(eq(packageFindings.deviceUid, deviceUid))
      .orderBy(devicePackages.name, vulnerabilities.cveId)
    const out: Record<string, string[]> = {}
    for (const row of rows) (out[row.name] ??= []).push(row.cveId)
    return out
  }
  const device = async (uid: string) => (await t.db.select().from(devices).where(eq(devices.uid, uid)))[0]!

  it('Debian and Ubuntu: binary packages match through their source package, with dpkg ordering', async () => {
    const bookworm = await addDevice(t.db, t.tenant, 'web-bookworm', [
      { name: 'libssl3', version: '3.0.11-1~deb12u2', ecosystem: 'Debian:12', source: 'openssl' },
      { name: 'openssl', version: '3.0.11-1~deb12u3', ecosystem: 'Debian:12', source: 'openssl' },
      { name: 'libssl-dev', version: '3.0.11-1', ecosystem: 'Debian:12', source: 'openssl' },
      { name: 'vim', version: '2:9.0.1378-2', ecosystem: 'Debian:12' },
      { name: 'vim-tiny', version: '9.1.0016-1', ecosystem: 'Debian:12', source: 'vim' },
      { name: 'wget', version: '1.21.3-1+b2', ecosystem: 'Debian:12', source: 'wget' },
      { name: 'intel-microcode', version: '3.20230512.1', ecosystem: 'Debian:12', source: 'intel-microcode' },
      { name: 'dpkg', version: '1.21.22', ecosystem: 'Debian:12', source: 'dpkg' }
    ])
    // By hand, from fixtures/test-osv with dpkg's ordering:
    // - openssl (DSA-9901-1, fixed 3.0.11-1~deb12u3): ~deb12u2 is below the fix; the fix itself is
    //   not affected, nor 3.0.11-1, which sorts after 3.0.11-1~deb12u3 ("~" sorts before the end).
    // - vim (DEBIAN-CVE-2999-0003, fixed 2:9.0.1378-2+deb12u1): 2:9.0.1378-2 is below; 9.1.0016-1
    //   has epoch 0, so it is below too. vim is reported without a source name: its own name.
    // - wget (CVE-2999-0004): "introduced 0" only for Debian 12, every version.
    // - intel-microcode: DSA-9902-1 names no CVE, so it is its own row.
    // - dpkg: the only dpkg record is for Ubuntu 22.04.
    // CVE-2999-0003 is CVSS 7.8 (above 7.5: high risk), the others carry no score.
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, bookworm), { packages: 8, findings: 5, highRisk: 2, kev: 0 })
    assert.deepEqual(await found(bookworm), {
      'intel-microcode': ['DSA-9902-1'],
      libssl3: ['CVE-2999-0001'],
      vim: ['CVE-2999-0003'],
      'vim-tiny': ['CVE-2999-0003'],
      wget: ['CVE-2999-0004']
    })
    const jammy = await addDevice(t.db, t.tenant, 'jammy', [
      { name: 'dpkg', version: '1.21.1ubuntu2.3', ecosystem: 'Ubuntu:22.04:LTS', source: 'dpkg' },
      { name: 'linux-image-5.15.0-124-generic', version: '5.15.0-124.134', ecosystem: 'Ubuntu:22.04:LTS', source: 'linux' }
    ])
    // dpkg: UBUNTU-CVE-2999-0005, unfixed in 22.04, CVSS 8.2; linux: USN-9906-1 (fixed 5.15.0-125.135)
    // speaks for CVE-2999-0006 and CVE-2999-0007, with an Ubuntu rating only (no score).
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, jammy), { packages: 2, findings: 3, highRisk: 1, kev: 0 })
    assert.deepEqual(await found(jammy), {
      dpkg: ['CVE-2999-0005'],
      'linux-image-5.15.0-124-generic': ['CVE-2999-0006', 'CVE-2999-0007']
    })
    const stats = await device(jammy)
    assert.deepEqual([stats.riskScore, stats.packageCount, stats.cveCount, stats.highRiskCveCount], ['High', 2, 3, 1])
  })

  it('Alpine: apk ordering (_p, _rc, -r) on source package names, per release', async () => {
    const uid = await addDevice(t.db, t.tenant, 'edge-gw', [
      { name: 'musl', version: '1.2.4-r2', ecosystem: 'Alpine:v3.18', source: 'musl' },
      { name: 'musl-utils', version: '1.2.4-r2', ecosystem: 'Alpine:v3.18', source: 'musl' },
      { name: 'openvpn', version: '2.6.7-r0', ecosystem: 'Alpine:v3.18', source: 'openvpn' },
      { name: 'openssh-server', version: '9.3_p2-r1', ecosystem: 'Alpine:v3.18', source: 'openssh' },
      { name: 'wget', version: '1.21.4-r0', ecosystem: 'Alpine:v3.18', source: 'wget' }
    ])
    await matchDevicePackages(t.db, t.tenant, uid)
    // musl fixed in 1.2.4-r3 (r2 is below); openvpn 2.6.7-r0 is the fix; openssh 9.3_p2 is far past
    // 7.4_p1 (the GIT range of that record is ignored); wget's record names Alpine v3.21, not v3.18.
    assert.deepEqual(await found(uid), { musl: ['CVE-2999-0009'], 'musl-utils': ['CVE-2999-0009'] })
    const [musl] = await t.db
      .select({ score: packageFindings.score })
      .from(packageFindings)
      .where(eq(packageFindings.deviceUid, uid))
      .limit(1)
    assert.equal(musl?.score, 7, 'CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H')
    assert.equal((await device(uid)).riskScore, 'Medium')
    // A release candidate sorts before its release: 2.6.7_rc1-r0 < 2.6.7-r0, still affected.
    const rc = await addDevice(t.db, t.tenant, 'edge-rc', [
      { name: 'openvpn', version: '2.6.7_rc1-r0', ecosystem: 'Alpine:v3.18', source: 'openvpn' }
    ])
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, rc), { packages: 1, findings: 1, highRisk: 1, kev: 0 })
  })

  it('npm: semver ranges, several intervals, listed versions, by package name', async () => {
    const uid = await addDevice(t.db, t.tenant, 'build-01', [
      { name: 'lodash', version: '4.17.11', ecosystem: 'npm', source: 'ignored-for-npm' },
      { name: 'minimist', version: '1.2.5', ecosystem: 'npm' },
      { name: 'minimist', version: '0.2.1', ecosystem: 'npm' },
      { name: 'minimist', version: '0.2.4', ecosystem: 'npm' },
      { name: 'semver', version: '6.3.0', ecosystem: 'npm' },
      { name: 'semver', version: '6.3.1', ecosystem: 'npm' },
      { name: 'semver', version: '7.5.1', ecosystem: 'npm' },
      { name: 'jquery', version: '1.1.9', ecosystem: 'npm' },
      { name: 'jquery', version: '3.4.1', ecosystem: 'npm' },
      { name: '@example/cookies', version: '1.0.1', ecosystem: 'npm' },
      { name: '@example/cookies', version: '1.0.2', ecosystem: 'npm' }
    ])
    await matchDevicePackages(t.db, t.tenant, uid)
    // lodash 4.17.11: below both fixes (4.17.21, 4.17.12). minimist: [0, 0.2.4) and [1.0.0, 1.2.6):
    // 1.2.5 and 0.2.1 are in, 0.2.4 between them. semver: 6.3.0 in [6.0.0, 6.3.1), 7.5.1 in
    // [7.0.0, 7.5.2), 6.3.1 is a fix. jquery from 1.2.0: 1.1.9 is before it. @example/cookies:
    // only the listed 1.0.0 and 1.0.1.
    assert.deepEqual(await found(uid), {
      '@example/cookies': ['MAL-2999-1'],
      jquery: ['CVE-2999-1005'],
      lodash: ['CVE-2999-1001', 'CVE-2999-1002'],
      minimist: ['CVE-2999-1003', 'CVE-2999-1003'],
      semver: ['CVE-2999-1004', 'CVE-2999-1004']
    })
  })

  it('is idempotent, follows upgrades, and leaves a finding that still holds untouched', async () => {
    const uid = await addDevice(t.db, t.tenant, 'idem', [
      { name: 'lodash', version: '4.17.20', ecosystem: 'npm' },
      { name: 'minimist', version: '1.2.5', ecosystem: 'npm' }
    ])
    const first = await matchDevicePackages(t.db, t.tenant, uid)
    const rows = await t.db.select().from(packageFindings).where(eq(packageFindings.deviceUid, uid)).orderBy(packageFindings.id)
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, uid), first)
    assert.deepEqual(
      await t.db.select().from(packageFindings).where(eq(packageFindings.deviceUid, uid)).orderBy(packageFindings.id),
      rows
    )

    await t.db
      .update(devicePackages)
      .set({ version: '4.17.21' })
      .where(and(eq(devicePackages.deviceUid, uid), eq(devicePackages.name, 'lodash')))
    // lodash 4.17.21 is both fixes; minimist 1.2.5 keeps CVE-2999-1003 (CVSS 9.8).
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, uid), { packages: 2, findings: 1, highRisk: 1, kev: 0 })
    const after = await t.db.select().from(packageFindings).where(eq(packageFindings.deviceUid, uid))
    assert.deepEqual(
      after,
      rows.filter((row) => after.some((kept) => kept.id === row.id)),
      'the minimist finding kept its row'
    )
    assert.equal((await device(uid)).cveCount, 1)
  })

  it("is scoped to the tenant: another tenant's uid matches nothing and changes nothing", async () => {
    const uid = await addDevice(t.db, t.tenant, 'scoped', [{ name: 'lodash', version: '4.17.20', ecosystem: 'npm' }])
    await matchDevicePackages(t.db, t.tenant, uid)
    const before = await t.db.select().from(packageFindings).where(eq(packageFindings.deviceUid, uid))
    assert.equal(before.length, 1, 'lodash 4.17.20: CVE-2999-1001 only (4.17.12 fixed the other)')
    assert.deepEqual(await matchDevicePackages(t.db, t.otherTenant, uid), { packages: 0, findings: 0, highRisk: 0, kev: 0 })
    assert.deepEqual(await t.db.select().from(packageFindings).where(eq(packageFindings.deviceUid, uid)), before)
  })

  it("works inside the caller's transaction (inventory ingest replaces the packages and matches in one)", async () => {
    const uid = await addDevice(t.db, t.tenant, 'in-tx', [{ name: 'lodash', version: '4.17.21', ecosystem: 'npm' }])
    const summary = await t.db.transaction(async (tx) => {
      await tx.update(devicePackages).set({ version: '4.17.11' }).where(eq(devicePackages.deviceUid, uid))
      return await matchDevicePackages(tx, t.tenant, uid)
    })
    // 4.17.11: CVE-2999-1001 (7.2) and CVE-2999-1002 (9.8, high risk).
    assert.deepEqual(summary, { packages: 1, findings: 2, highRisk: 1, kev: 0 })
    assert.equal((await device(uid)).cveCount, 2)
  })

  it('packages without an ecosystem (RTOS, unknown OS) get no findings', async () => {
    const uid = await addDevice(t.db, t.tenant, 'pump-ctrl', [
      { name: 'openssl', version: '1.0.0', ecosystem: '', source: 'openssl' }
    ])
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, uid), { packages: 1, findings: 0, highRisk: 0, kev: 0 })
  })

  it('matchDevices gives the same findings and stored stats as matchDevicePackages + refreshDeviceStats', async () => {
    const list = await allDevices(t.db, t.tenant)
    const snapshot = async () => ({
      findings: await t.db
        .select({ id: packageFindings.id, score: packageFindings.score })
        .from(packageFindings)
        .orderBy(packageFindings.id),
      devices: await t.db
        .select({
          uid: devices.uid,
          risk: devices.riskScore,
          rank: devices.riskRank,
          p: devices.packageCount,
          c: devices.cveCount,
          h: devices.highRiskCveCount
        })
        .from(devices)
        .orderBy(devices.uid)
    })
    for (const { deviceUid } of list) {
      await matchDevicePackages(t.db, t.tenant, deviceUid)
      await refreshDeviceStats(t.db, t.tenant, deviceUid)
    }
    const one = await snapshot()
    await t.db.update(devices).set({ riskScore: 'Low', riskRank: 1, packageCount: 0, cveCount: 0, highRiskCveCount: 0 })
    const totals = await matchDevices(t.db, list)
    assert.deepEqual(await snapshot(), one)
    assert.equal(totals.devices, list.length)
    assert.equal(totals.findings, one.findings.length)
  })

  it('a fleet re-match lets timers and sockets in between batches (PGlite answers from microtasks)', async () => {
    // 60 devices are three batches; a re-match that only awaited the database would run them all
    // before any timer, so a server would answer no request until the fleet was done.
    const fleet: Array<{ tenantUid: string; deviceUid: string }> = []
    for (let i = 0; i < 60; i++) {
      const uid = await addDevice(t.db, t.tenant, `fleet-${i}`, [
        { name: 'wget', version: '1.21.3-1', ecosystem: 'Debian:12', source: 'wget' }
      ])
      fleet.push({ tenantUid: t.tenant, deviceUid: uid })
    }
    let batchesDone = 0
    let doneWhenTimerRan: number | undefined
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        doneWhenTimerRan = batchesDone
        resolve()
      }, 0)
    )
    const totals = await matchDevices(t.db, fleet, { onProgress: (done) => (batchesDone = done) })
    await timer
    assert.equal(totals.devices, 60)
    assert.equal(totals.findings, 60, 'wget on Debian 12 has one finding (CVE-2999-0004)')
    assert.ok(doneWhenTimerRan !== undefined && doneWhenTimerRan < 60, `the timer ran after ${doneWhenTimerRan} of 60 devices`)

    // A stop (the server's SIGTERM) lands between batches: the batch in hand is written whole, no more.
    await t.db.delete(packageFindings).where(
      inArray(
        packageFindings.deviceUid,
        fleet.map((device) => device.deviceUid)
      )
    )
    const controller = new AbortController()
    await assert.rejects(
      matchDevices(t.db, fleet, { signal: controller.signal, onProgress: () => controller.abort() }),
      (error: Error) => error.name === 'AbortError'
    )
    const matched = await t.db
      .selectDistinct({ uid: packageFindings.deviceUid })
      .from(packageFindings)
      .where(
        inArray(
          packageFindings.deviceUid,
          fleet.map((device) => device.deviceUid)
        )
      )
    assert.equal(matched.length, 25, 'one batch of 25 devices, then it stopped')
    await t.db.delete(devices).where(
      inArray(
        devices.uid,
        fleet.map((device) => device.deviceUid)
      )
    )
  })

  it('after an import, the devices with a touched package name or a re-derived CVE are the ones to re-match', async () => {
    const uid = await addDevice(t.db, t.tenant, 'touched', [{ name: 'left-pad-ng', version: '1.0.0', ecosystem: 'npm' }])
    const touched = await devicesTouched(t.db, new Set(['left-pad-ng']), new Set())
    assert.deepEqual(
      touched.map((d) => ({ ...d })),
      [{ tenantUid: t.tenant, deviceUid: uid }]
    )
    assert.deepEqual(await devicesTouched(t.db, new Set(), new Set()), [])
  })
})

describe('matching device packages against the real records of ../shared/data/osv', { skip: needsSharedData('osv') }, () => {
  let t: VulnsDb
  before(async () => {
    t = await openVulnsDb()
    await importOsv(t.db, sharedData('osv'))
  })
  after(async () => {
    await t.cleanup()
  })

  /** The CVE ids found per package name on a device. */
  const found = async (deviceUid: string): Promise<Record<string, string[]>> => {
    const rows = await t.db
      .select({ name: devicePackages.name, cveId: vulnerabilities.cveId })
      .from(packageFindings)
      .innerJoin(devicePackages, eq(devicePackages.id, packageFindings.packageId))
      .innerJoin(vulnerabilities, eq(vulnerabilities.uid, packageFindings.vulnerabilityUid))
      .where(eq(packageFindings.deviceUid, deviceUid))
      .orderBy(devicePackages.name, vulnerabilities.cveId)
    const out: Record<string, string[]> = {}
    for (const row of rows) (out[row.name] ??= []).push(row.cveId)
    return out
  }
  const device = async (uid: string) => (await t.db.select().from(devices).where(eq(devices.uid, uid)))[0]!

  it('Debian and Ubuntu: binary packages match through their source package, with dpkg ordering', async () => {
    const stretch = await addDevice(t.db, t.tenant, 'old-stretch', [
      { name: 'libssl1.1', version: '1.1.0l-1~deb9u5', ecosystem: 'Debian:9', source: 'openssl' },
      { name: 'openssl', version: '1.1.0l-1~deb9u6', ecosystem: 'Debian:9', source: 'openssl' },
      { name: 'dpkg', version: '1.18.25', ecosystem: 'Debian:9', source: 'dpkg' },
      { name: 'libxml2', version: '2.9.4+dfsg1-2.2+deb9u7', ecosystem: 'Debian:9' }
    ])
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, stretch), { packages: 4, findings: 2, highRisk: 0, kev: 0 })
    // DLA-3008-1 (fixed 1.1.0l-1~deb9u6), DLA-3022-1 (dpkg, fixed 1.18.26), DLA-3012-1 (libxml2,
    // fixed 2.9.4+dfsg1-2.2+deb9u7: that version is fixed) — libxml2 reported without a source name.
    assert.deepEqual(await found(stretch), { dpkg: ['CVE-2022-1664'], 'libssl1.1': ['CVE-2022-1292'] })
    const bookworm = await addDevice(t.db, t.tenant, 'web-bookworm', [
      { name: 'wget', version: '1.21.3-1+b2', ecosystem: 'Debian:12', source: 'wget' },
      { name: 'intel-microcode', version: '3.20230512.1', ecosystem: 'Debian:12', source: 'intel-microcode' },
      { name: 'libmagickcore-6.q16-6', version: '8:6.9.11.60+dfsg-1.6', ecosystem: 'Debian:12', source: 'imagemagick' }
    ])
    await matchDevicePackages(t.db, t.tenant, bookworm)
    // wget: unfixed in Debian 12 ("introduced 0" only); intel-microcode: the DSA without a CVE;
    // imagemagick 8:6.9.11 is past the fix 8:6.9.6.2+dfsg-2 of CVE-2016-10046.
    assert.deepEqual(await found(bookworm), { 'intel-microcode': ['DSA-5474-1'], wget: ['CVE-2024-10524'] })
    const jammy = await addDevice(t.db, t.tenant, 'jammy', [
      { name: 'dpkg', version: '1.21.1ubuntu2.3', ecosystem: 'Ubuntu:22.04:LTS', source: 'dpkg' }
    ])
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, jammy), { packages: 1, findings: 1, highRisk: 1, kev: 0 })
    const stats = await device(jammy)
    assert.deepEqual([stats.riskScore, stats.packageCount, stats.cveCount, stats.highRiskCveCount], ['High', 1, 1, 1])
  })

  it('Alpine: apk ordering (_p, -r) on source package names', async () => {
    const uid = await addDevice(t.db, t.tenant, 'edge-gw', [
      { name: 'musl', version: '1.2.4-r2', ecosystem: 'Alpine:v3.18', source: 'musl' },
      { name: 'musl-utils', version: '1.2.4-r2', ecosystem: 'Alpine:v3.18', source: 'musl' },
      { name: 'openvpn', version: '2.6.7-r0', ecosystem: 'Alpine:v3.18', source: 'openvpn' },
      { name: 'openssh-server', version: '9.3_p2-r1', ecosystem: 'Alpine:v3.18', source: 'openssh' }
    ])
    await matchDevicePackages(t.db, t.tenant, uid)
    // musl fixed in 1.2.4-r3; openvpn 2.6.7-r0 is the fix; openssh 9.3_p2 is far past 7.4_p1.
    assert.deepEqual(await found(uid), { musl: ['CVE-2025-26519'], 'musl-utils': ['CVE-2025-26519'] })
    const [musl] = await t.db
      .select({ score: packageFindings.score })
      .from(packageFindings)
      .where(eq(packageFindings.deviceUid, uid))
      .limit(1)
    assert.equal(musl?.score, 7, 'CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H')
    assert.equal((await device(uid)).riskScore, 'Medium')
  })

  it('npm: semver ranges, by package name', async () => {
    const uid = await addDevice(t.db, t.tenant, 'build-01', [
      { name: 'lodash', version: '4.17.11', ecosystem: 'npm', source: 'ignored-for-npm' },
      { name: 'minimist', version: '1.2.5', ecosystem: 'npm' },
      { name: 'minimist', version: '0.2.1', ecosystem: 'npm' }
    ])
    await matchDevicePackages(t.db, t.tenant, uid)
    const cves = await found(uid)
    // lodash 4.17.11: fixed for CVE-2018-16487 and CVE-2019-1010266 (4.17.11), not for CVE-2019-10744
    // (4.17.12), CVE-2020-8203 (4.17.19), CVE-2020-28500 and CVE-2021-23337 (4.17.21).
    assert.deepEqual(cves.lodash, ['CVE-2019-10744', 'CVE-2020-28500', 'CVE-2020-8203', 'CVE-2021-23337'])
    // minimist 1.2.5: CVE-2021-44906 (< 1.2.6); 0.2.1: CVE-2021-44906 (< 0.2.4) but CVE-2020-7598 was fixed in 0.2.1.
    assert.deepEqual(cves.minimist, ['CVE-2021-44906', 'CVE-2021-44906'])
  })
})
