// Vulnerability matching at scale: imports a generated 50,000-record OSV feed with the admin CLI
// (`import-osv`, as an operator runs it), then matches devices of 2,000 packages each against it.
// Not a test: it prints figures.
//
//   node bench/vuln-matching.mjs [--records 50000] [--devices 40] [--packages 2000] [--reimport]
//                                [--without-rollups]
//
// --without-rollups turns off the triggers that keep the findings and package rollups (api
// migration 0024) before the devices are stored: run it back to back with a normal run to see
// what keeping the dashboard's and summary's rollups costs the inventory's and the matcher's writes.
//
// Runs `api/dist` (build first: pnpm --filter @console/api build) on a temporary DATA_DIR
// (embedded PGlite), or on DATABASE_URL when set (a fresh database is expected). The feed is
// written as one JSON file per record (the layout of osv.dev's all.zip, unzipped) in a temporary
// folder: Debian 12, Ubuntu 22.04, Alpine 3.18 and RHEL 9 records on source packages, npm
// advisories, with CVSS vectors, ranges and version lists like the real ones.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API,
  benchArgs,
  benchDatabase,
  importApi,
  importSql,
  percentile,
  prng,
  withSeededDatabase,
  writeResults,
} from './lib/setup.mjs';

const values = benchArgs(
  'Usage: node bench/vuln-matching.mjs [--records N] [--devices N] [--packages N] [--reimport] [--without-rollups]',
  { records: 50000, devices: 40, packages: 2000 },
  { options: { reimport: { type: 'boolean', default: false }, 'without-rollups': { type: 'boolean', default: false } } },
);
const { records: RECORDS, devices: DEVICES, packages: PACKAGES } = values;
const { dataDir, engine, env, removeDataDir } = benchDatabase('vulns', 'lib/vulns/match.js');

const feedDir = mkdtempSync(join(tmpdir(), 'console-bench-osv-'));
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => `${n.toFixed(1)} ms`;

// ---- the feed -------------------------------------------------------------------------------

const r = prng(20261122);

/** Package names per ecosystem: a popular few get most advisories, as in real feeds. */
const POOL = 3000;
const ECOSYSTEMS = [
  // [share of records, ecosystem, id prefix, names, version(i, k), scheme]
  {
    share: 0.35,
    ecosystem: 'Debian:12',
    prefix: 'DEBIAN-',
    name: (i) => `src-${i}`,
    version: (i, k) => `${1 + (i % 9)}.${k}.0-1`,
    list: true,
  },
  {
    share: 0.15,
    ecosystem: 'Ubuntu:22.04:LTS',
    prefix: 'UBUNTU-',
    name: (i) => `src-${i}`,
    version: (i, k) => `${1 + (i % 9)}.${k}.0-0ubuntu0.1`,
    list: true,
  },
  {
    share: 0.1,
    ecosystem: 'Alpine:v3.18',
    prefix: 'ALPINE-',
    name: (i) => `apk-${i}`,
    version: (i, k) => `${1 + (i % 9)}.${k}.0-r1`,
    list: false,
  },
  {
    share: 0.1,
    ecosystem: 'Red Hat:enterprise_linux:9::baseos',
    prefix: 'RHSA-',
    name: (i) => `rpm-${i}`,
    version: (i, k) => `${1 + (i % 9)}.${k}.0-1.el9`,
    list: false,
  },
  {
    share: 0.3,
    ecosystem: 'npm',
    prefix: 'GHSA-',
    name: (i) => `npm-pkg-${i}`,
    version: (i, k) => `${1 + (i % 9)}.${k}.0`,
    list: false,
  },
];
const VECTORS = [
  'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
  'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
  'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H',
  'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N',
  'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
  'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
];
/** Skewed towards low indexes: package 7 has far more advisories than package 2,900. */
const popularName = () => Math.floor(Math.pow(r.next(), 2.5) * POOL);

function record(n) {
  let acc = 0;
  const roll = r.next();
  const eco = ECOSYSTEMS.find((e) => (acc += e.share) >= roll) ?? ECOSYSTEMS.at(-1);
  const cve = `CVE-${2015 + (n % 11)}-${String(10000 + n).padStart(5, '0')}`;
  const pkg = popularName();
  const fixedAt = r.int(1, 12); // minor version that fixes it
  const advisory = eco.prefix === 'RHSA-' || eco.prefix === 'GHSA-';
  const id =
    eco.prefix === 'RHSA-'
      ? `RHSA-2024:${10000 + n}`
      : eco.prefix === 'GHSA-'
        ? `GHSA-${n.toString(36).padStart(4, '0')}-bnch-${(n * 7).toString(36).padStart(4, '0')}`
        : `${eco.prefix}${cve}`;
  const extra =
    eco.prefix === 'RHSA-' ? Array.from({ length: r.int(0, 4) }, (_, k) => `CVE-2024-${String(60000 + n * 5 + k)}`) : [];
  return {
    schema_version: '1.6.0',
    id,
    modified: '2026-11-01T00:00:00Z',
    published: `${2015 + (n % 11)}-06-01T00:00:00Z`,
    ...(advisory ? { aliases: [cve, ...extra] } : { upstream: [cve] }),
    summary: `${eco.name(pkg)}: generated advisory ${n}`,
    details: `Generated for the vulnerability-matching benchmark: ${eco.name(pkg)} before ${eco.version(pkg, fixedAt)} mishandles input ${n}.`,
    ...(r.next() < 0.7
      ? { severity: [{ type: r.next() < 0.9 ? 'CVSS_V3' : 'CVSS_V4', score: r.pick(VECTORS.slice(0, 5)) }] }
      : {}),
    affected: [
      {
        package: { ecosystem: eco.ecosystem, name: eco.name(pkg) },
        ranges: [
          {
            type: eco.ecosystem === 'npm' ? 'SEMVER' : 'ECOSYSTEM',
            events: [{ introduced: '0' }, { fixed: eco.version(pkg, fixedAt) }],
          },
        ],
        ...(eco.list ? { versions: Array.from({ length: fixedAt }, (_, k) => eco.version(pkg, k)) } : {}),
      },
    ],
  };
}

function writeFeed() {
  for (const eco of ECOSYSTEMS) mkdirSync(join(feedDir, eco.prefix.replace(/-$/, '')), { recursive: true });
  for (let n = 0; n < RECORDS; n++) {
    const rec = record(n);
    const folder = rec.id.startsWith('RHSA-') ? 'RHSA' : rec.id.split('-')[0];
    writeFileSync(join(feedDir, folder, `${rec.id.replace(':', '_')}.json`), JSON.stringify(rec));
  }
}

/** A device's packages: PACKAGES of one OS (two binaries per source on Debian/Ubuntu), plus 100 npm packages. */
function devicePackages(kind, i) {
  const eco = ECOSYSTEMS.find((e) => e.ecosystem === kind);
  const d = prng(1000 + i);
  const rows = [];
  const osCount = PACKAGES - 100;
  const seen = new Set();
  while (rows.length < osCount) {
    const src = Math.floor(Math.pow(d.next(), 1.5) * POOL);
    if (seen.has(src)) continue;
    seen.add(src);
    // Mostly patched (minor 14 is past every fix), a tail of old versions: the long-lived servers.
    const version = eco.version(src, 14 - Math.floor(Math.pow(d.next(), 3) * 15));
    const binaries =
      kind.startsWith('Debian') || kind.startsWith('Ubuntu') ? [`lib${eco.name(src)}`, `${eco.name(src)}-bin`] : [eco.name(src)];
    for (const name of binaries)
      if (rows.length < osCount)
        rows.push({
          name,
          version,
          ecosystem: kind === 'Red Hat:enterprise_linux:9::baseos' ? 'Red Hat:9' : kind,
          sourceName: eco.name(src),
        });
  }
  const npm = ECOSYSTEMS.at(-1);
  for (let k = 0; k < 100; k++) {
    const p = Math.floor(d.next() * POOL);
    rows.push({
      name: npm.name(p),
      version: npm.version(p, 14 - Math.floor(Math.pow(d.next(), 3) * 15)),
      ecosystem: 'npm',
      sourceName: '',
    });
  }
  return rows;
}

// ---- run ------------------------------------------------------------------------------------

function cli(...args) {
  const start = performance.now();
  const result = spawnSync(process.execPath, [join(API, 'cli.js'), ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`cli ${args[0]} failed (${result.status}): ${result.stderr}`);
  return { seconds: (performance.now() - start) / 1000, stdout: result.stdout.trim() };
}

console.log(
  `Vulnerability matching bench: ${fmt(RECORDS)} OSV records, ${DEVICES} devices × ${fmt(PACKAGES)} packages, ${engine}`,
);
const results = { records: RECORDS, devices: DEVICES, packages: PACKAGES, engine: dataDir ? 'pglite' : 'postgres' };
try {
  let t = performance.now();
  writeFeed();
  console.log(`generated the feed in ${((performance.now() - t) / 1000).toFixed(1)} s (${feedDir})`);

  cli('migrate');
  const imported = cli('import-osv', feedDir);
  results.importSeconds = imported.seconds;
  console.log(
    `import-osv (one process, batches of 500): ${imported.seconds.toFixed(1)} s, ${fmt(RECORDS / imported.seconds)} records/s`,
  );
  console.log(`  ${imported.stdout.split('\n').join('\n  ')}`);
  if (values.reimport) {
    const again = cli('import-osv', feedDir);
    results.reimportSeconds = again.seconds;
    console.log(`import-osv again (same feed, every record rewritten): ${again.seconds.toFixed(1)} s`);
  }

  const { analyzeDetectTables } = await importApi('lib/detect/seed.js');
  const { matchDevicePackages, matchDevices } = await importApi('lib/vulns/match.js');
  await withSeededDatabase(env, { honeynet: false, detect: false }, async ({ db, tenantUid, schema }) => {
    const kinds = ['Debian:12', 'Debian:12', 'Ubuntu:22.04:LTS', 'Alpine:v3.18', 'Red Hat:enterprise_linux:9::baseos'];
    const sql = await importSql();
    // The time spent inside the trigger functions, whatever the machine's load does to wall time
    // (PGlite: its one connection; PostgreSQL: only if the pool keeps this one connection).
    await db.execute(sql`SET track_functions = 'all'`);
    results.rollups = !values['without-rollups'];
    if (values['without-rollups']) {
      for (const table of ['package_findings', 'device_packages'])
        await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
      console.log('rollup triggers on package_findings and device_packages: off (--without-rollups)');
    }
    const uids = [];
    t = performance.now();
    for (let i = 0; i < DEVICES; i++) {
      const [device] = await db
        .insert(schema.devices)
        .values({ tenantUid, hostname: `bench-${String(i).padStart(3, '0')}`, deviceType: 'linux' })
        .returning({ uid: schema.devices.uid });
      const rows = devicePackages(kinds[i % kinds.length], i).map((row) => ({
        tenantUid,
        deviceUid: device.uid,
        architecture: 'x86_64',
        ...row,
      }));
      for (let k = 0; k < rows.length; k += 1000) await db.insert(schema.devicePackages).values(rows.slice(k, k + 1000));
      uids.push(device.uid);
    }
    await analyzeDetectTables(db);
    console.log(`stored ${DEVICES} devices × ${fmt(PACKAGES)} packages in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // matchDevicePackages: what inventory ingest calls after each report, one device at a time.
    await matchDevicePackages(db, tenantUid, uids[0]); // warm-up
    /** Milliseconds spent inside each rollup trigger function so far (self time). */
    const triggerMs = async () => {
      await db.execute(sql`SELECT pg_stat_force_next_flush()`);
      const rows = await db.execute(
        sql`SELECT funcname, self_time::float8 AS ms FROM pg_stat_user_functions WHERE funcname LIKE '%rollups%' OR funcname LIKE '%fill_name%'`,
      );
      return new Map((rows.rows ?? rows).map((row) => [row.funcname, Number(row.ms)]));
    };
    const times = [];
    let findings = 0;
    const triggersBefore = await triggerMs();
    const cpuBefore = process.cpuUsage();
    for (const uid of uids) {
      const start = performance.now();
      const summary = await matchDevicePackages(db, tenantUid, uid);
      times.push(performance.now() - start);
      findings += summary.findings;
    }
    const cpu = process.cpuUsage(cpuBefore);
    const triggersAfter = await triggerMs();
    const perTrigger = Object.fromEntries(
      [...triggersAfter].map(([name, total]) => [name, total - (triggersBefore.get(name) ?? 0)]).filter(([, spent]) => spent > 0),
    );
    const inTriggers = Object.values(perTrigger).reduce((a, b) => a + b, 0);
    const wall = times.reduce((a, b) => a + b, 0);
    results.firstReports = { wallMs: wall, processCpuMs: (cpu.user + cpu.system) / 1000, triggerMs: perTrigger };
    console.log(
      `first reports of ${DEVICES} devices: ${ms(wall)} wall, ${ms((cpu.user + cpu.system) / 1000)} CPU of this process` +
        ` (PGlite runs in it), ${ms(inTriggers)} inside the rollup triggers (${((100 * inTriggers) / wall).toFixed(0)}% of the wall time): ` +
        Object.entries(perTrigger)
          .map(([name, spent]) => `${name} ${ms(spent)}`)
          .join(', '),
    );
    const again = [];
    for (const uid of uids) {
      const start = performance.now();
      await matchDevicePackages(db, tenantUid, uid);
      again.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    again.sort((a, b) => a - b);
    results.matchMs = { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1) };
    results.rematchMs = { p50: percentile(again, 50), p95: percentile(again, 95) };
    results.findingsPerDevice = findings / DEVICES;
    console.log(
      `matchDevicePackages, first report (${fmt(findings / DEVICES)} findings per device written): ` +
        `p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  p99 ${ms(percentile(times, 99))}  max ${ms(times.at(-1))}`,
    );
    console.log(
      `matchDevicePackages, same packages again (nothing to write): p50 ${ms(percentile(again, 50))}  p95 ${ms(percentile(again, 95))}`,
    );

    // matchDevices: `match-devices` and the re-match after an import, 25 devices per round trip.
    t = performance.now();
    await matchDevices(
      db,
      uids.map((deviceUid) => ({ tenantUid, deviceUid })),
    );
    const batch = (performance.now() - t) / DEVICES;
    results.batchMsPerDevice = batch;
    console.log(`matchDevices (batched, as match-devices and a re-import run it): ${ms(batch)} per device`);
  });

  writeResults('vuln-matching', results);
} finally {
  rmSync(feedDir, { recursive: true, force: true });
  removeDataDir();
}
