// Fleet scale on PostgreSQL (issue 14): a tenant of 10,000 devices × 2,000 packages (20 M package
// rows), the findings of a 200,000-record feed and 1,000,000 alerts, bulk-loaded with COPY; then
// 50 concurrent clients (autocannon) on every list (devices, alerts, a device's packages: search,
// filters, orderings, first and deep pages), the strategic dashboard, the summary and device
// detail. Prints p50/p95/max of each against its target (lists ≤ 100 ms, dashboard and summary
// ≤ 200 ms, device detail ≤ 50 ms, 0 errors). Not a test: it prints figures.
//
//   node bench/fleet.mjs [--devices 10000] [--packages 2000] [--alerts 1000000] [--records 200000]
//                        [--connections 50] [--duration 5] [--database NAME] [--keep]
//
// PostgreSQL only: DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
// The bench creates its own database there (console_bench_fleet_…) and drops it at the end.
// --database NAME uses NAME instead and keeps it: loaded the first time, reused as it is after
// (the full load takes many minutes), migrated by the API's start like any database. --keep keeps
// the throw-away database and prints its name. Runs the built API (`api/dist`; node scripts/build.mjs
// first). Loopback only.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signIn, startApiServer } from './lib/api-server.mjs';
import { loadFleet } from './lib/fleet-data.mjs';
import { API, benchArgs, benchDatabase, importApi, percentile, ROOT, withSeededDatabase, writeResults } from './lib/setup.mjs';

const values = benchArgs(
  'Usage: node bench/fleet.mjs [--devices N] [--packages N] [--alerts N] [--records N] [--connections N] [--duration S] [--database NAME] [--keep]',
  { devices: 10_000, packages: 2_000, alerts: 1_000_000, records: 200_000, connections: 50, duration: 5 },
  { options: { database: { type: 'string' }, keep: { type: 'boolean', default: false } } },
);
const {
  devices: DEVICES,
  packages: PACKAGES,
  alerts: ALERTS,
  records: RECORDS,
  connections: CONNECTIONS,
  duration: DURATION,
} = values;
if (values.database !== undefined && !/^[a-z_][a-z0-9_]*$/.test(values.database)) {
  console.error('--database: a lower-case PostgreSQL name (letters, digits, _)');
  process.exit(2);
}

const TARGETS = { list: 100, dashboard: 200, detail: 50 };
const ms = (n) => `${n.toFixed(1)} ms`;
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
const count = (n) => n.toLocaleString('en-US');
const postgres = createRequire(join(ROOT, 'api', 'package.json'))('postgres');

/** The database: NAME (reused when it holds a fleet) or a throw-away one; `drop()` removes the latter. */
async function fleetDatabase(adminUrl) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = values.database ?? `console_bench_fleet_${randomBytes(6).toString('hex')}`;
  const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
  if (!exists) await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const keep = values.database !== undefined || values.keep;
  return {
    name,
    url: url.toString(),
    fresh: !exists,
    async drop() {
      if (!keep) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      else console.log(`kept database ${name} (drop it with: dropdb -h 127.0.0.1 -U postgres ${name})`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** The fleet already in `url` (a reused database): the tenant, its fleet devices, the rule names. */
async function existingFleet(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [tables] = await sql`SELECT to_regclass('devices') IS NOT NULL AS ok`;
    if (!tables.ok) return null;
    const rows = await sql`SELECT uid, tenant_uid FROM devices WHERE hostname LIKE 'fleet-%' ORDER BY hostname`;
    if (rows.length === 0) return null;
    const rules = await sql`SELECT DISTINCT elastic_rule_name AS rule FROM alerts WHERE elastic_alert_id LIKE 'fleet-%' LIMIT 24`;
    const [sizes] = await sql`
      SELECT (SELECT count(*) FROM alerts WHERE tenant_uid = ${rows[0].tenant_uid})::int AS alerts,
             (SELECT reltuples::bigint FROM pg_class WHERE relname = 'device_packages') AS packages`;
    return {
      tenantUid: rows[0].tenant_uid,
      deviceUids: rows.map((row) => row.uid),
      rules: rules.map((row) => row.rule),
      counts: { devices: rows.length, packages: Number(sizes.packages), alerts: sizes.alerts },
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Seeds the demo data and loads the fleet into the demo tenant; then the feed coverage and one summary (timed). */
async function prepare(env, url) {
  const { refreshFeedEcosystems } = await importApi('lib/vulns/coverage.js');
  const { regenerateSummary } = await importApi('lib/detect/summary.js');
  return withSeededDatabase(env, { honeynet: false }, async ({ db, tenantUid }) => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const started = performance.now();
    let fleet;
    try {
      fleet = await loadFleet(sql, {
        tenantUid,
        devices: DEVICES,
        packages: PACKAGES,
        records: RECORDS,
        alerts: ALERTS,
        progress: (message) => console.log(`  ${message}  (${load()})`),
      });
    } finally {
      await sql.end({ timeout: 5 });
    }
    await refreshFeedEcosystems(db);
    const loadSeconds = (performance.now() - started) / 1000;
    const summaryStart = performance.now();
    await regenerateSummary(db, tenantUid);
    const summaryMs = performance.now() - summaryStart;
    console.log(`loaded in ${loadSeconds.toFixed(0)} s; the summary regenerated in ${ms(summaryMs)} (${load()})`);
    return { tenantUid, ...fleet, loadSeconds, summaryMs };
  });
}

/** An autocannon run whose every request takes its path from `next()`; keeps each response time. */
function cannon(baseURL, cookie, next) {
  const times = [];
  return new Promise((res, rej) => {
    const instance = autocannon(
      {
        url: baseURL,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { cookie, 'accept-encoding': 'gzip' },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
      },
      (error, result) => (error ? rej(error) : res({ ...result, times })),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** Every call measured: group (its target), name, and the paths it cycles through. */
function scenarios(tenant, fleet) {
  const r = (n) => Math.floor(Math.random() * n);
  const device = () => fleet.deviceUids[r(fleet.deviceUids.length)];
  const devicesN = fleet.deviceUids.length;
  const alertsN = fleet.counts.alerts;
  const packagesN = Math.max(1, Math.round(fleet.counts.packages / Math.max(1, devicesN)));
  const list = (name, path) => ({ group: 'list', name, path: typeof path === 'function' ? path : () => path });
  const deep = (n, limit) => Math.max(0, n - limit - r(Math.max(1, Math.floor(n / 10))));
  const host = () => `fleet-${String(r(devicesN)).padStart(5, '0')}`;
  const since = (days) => new Date(Date.now() - days * 86_400_000).toISOString();
  const d = `${tenant}/devices/`;
  const a = `${tenant}/alerts/`;
  return [
    list('devices: first page', `${d}?limit=25`),
    list('devices: search a hostname', () => `${d}?search=${host()}&limit=25`),
    list('devices: risk High, by -cve_count', `${d}?risk=High&ordering=-cve_count&limit=25`),
    list('devices: rtos, by -last_connected', `${d}?device_type=rtos&ordering=-last_connected&limit=25`),
    list('devices: has_high_risk, platform', `${d}?has_high_risk=true&platform=Debian%20GNU%2FLinux&limit=50`),
    list('devices: deep offset (hostname)', () => `${d}?limit=25&offset=${deep(devicesN, 25)}`),
    list('devices: deep offset by -kev_count', () => `${d}?ordering=-kev_count&limit=50&offset=${deep(devicesN, 50)}`),
    list('alerts: first page', `${a}?limit=25`),
    list('alerts: status OPEN, page 200', `${a}?status=OPEN&limit=25&offset=${25 * 199}`),
    list('alerts: priority Critical,High', `${a}?priority=Critical,High&limit=25`),
    list('alerts: one device', () => `${a}?device=${device()}&limit=25`),
    list(
      'alerts: rule + status',
      () => `${a}?rule=${encodeURIComponent(fleet.rules[r(fleet.rules.length)])}&status=OPEN&limit=25`,
    ),
    list('alerts: 7 days by -priority', () => `${a}?created_after=${since(7)}&ordering=-priority&limit=50`),
    list('alerts: search', () => `${a}?search=${encodeURIComponent(`activity #${r(alertsN)}`)}&limit=25`),
    list('alerts: by device_hostname, page 40', `${a}?ordering=device_hostname&limit=50&offset=${50 * 39}`),
    list('alerts: deep offset', () => `${a}?limit=25&offset=${deep(alertsN, 25)}`),
    list(
      'alerts: deep offset, OPEN by name',
      () => `${a}?status=OPEN&ordering=name&limit=25&offset=${deep(Math.floor(alertsN * 0.7), 25)}`,
    ),
    list('packages: first page (-score)', () => `${d}${device()}/packages/?limit=50`),
    list(
      'packages: by name, varying offset',
      () => `${d}${device()}/packages/?ordering=name&limit=50&offset=${50 * r(Math.ceil(packagesN / 50))}`,
    ),
    list('packages: search "ssl"', () => `${d}${device()}/packages/?search=ssl&limit=50`),
    list('packages: deep offset (-score)', () => `${d}${device()}/packages/?limit=50&offset=${deep(packagesN, 50)}`),
    list(
      'packages: by cve_id, deep offset',
      () => `${d}${device()}/packages/?ordering=cve_id&limit=50&offset=${deep(packagesN, 50)}`,
    ),
    { group: 'dashboard', name: 'strategic dashboard', path: () => `${tenant}/dashboard/strategic/` },
    { group: 'dashboard', name: 'summary (latest)', path: () => `${tenant}/summaries/latest/` },
    { group: 'detail', name: 'device detail', path: () => `${d}${device()}/` },
  ];
}

/** p50/p95/max; a run where no answer came within the duration has p95 = Infinity (a miss, not a 0). */
function stats(times) {
  const sorted = [...times].sort((x, y) => x - y);
  if (sorted.length === 0) return { p50: Infinity, p95: Infinity, max: Infinity, n: 0 };
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1), n: sorted.length };
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pg = await fleetDatabase(adminUrl);
process.env.DATABASE_URL = pg.url;
const { env } = benchDatabase('fleet', 'lib/detect/seed.js');
const figures = { engine: 'postgresql', machine: '2 cores', started: new Date().toISOString(), loadavg: { start: loadavg() } };
let server;
try {
  console.log(`fleet bench on PostgreSQL (database ${pg.name}); ${load()} (${figures.started})`);
  let fleet = pg.fresh ? null : await existingFleet(pg.url);
  if (fleet === null) {
    console.log(
      `loading ${count(DEVICES)} devices × ${count(PACKAGES)} packages, a ${count(RECORDS)}-record feed, ${count(ALERTS)} alerts (COPY)`,
    );
    fleet = await prepare(env, pg.url);
    figures.load_seconds = fleet.loadSeconds;
    figures.summary_regenerate_ms = fleet.summaryMs;
  } else {
    console.log(`reusing the fleet in ${pg.name} (--devices/--packages/--alerts ignored)`);
  }
  figures.fleet = fleet.counts;
  console.log(
    `fleet: ${count(fleet.counts.devices)} devices, ${count(fleet.counts.packages)} package rows, ${count(fleet.counts.alerts)} alerts` +
      `${fleet.counts.findings === undefined ? '' : `, ${count(fleet.counts.findings)} findings`}`,
  );

  server = await startApiServer(API, env);
  const { cookie, csrf } = await signIn(server.baseURL, { remember: true });
  const tenant = `/api/v1/tenants/${fleet.tenantUid}`;
  const all = scenarios(tenant, fleet);
  // Every call once, checked: a failing call is a broken bench, not a figure.
  for (const scenario of all) {
    const response = await fetch(`${server.baseURL}${scenario.path()}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${scenario.name}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    await response.arrayBuffer();
  }
  // Requests still running when a run ends (the API answers them though autocannon has hung up)
  // must not slow the next call: wait until the bench database runs no query.
  const watcher = postgres(pg.url, { max: 1, onnotice: () => {} });
  const drained = async () => {
    for (;;) {
      const [{ active }] = await watcher`
        SELECT count(*)::int AS active FROM pg_stat_activity
        WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()`;
      if (active === 0) return;
      await new Promise((res) => setTimeout(res, 200));
    }
  };
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per call (p95 against its target):`);
  figures.connections = CONNECTIONS;
  figures.duration = DURATION;
  figures.results = {};
  let misses = 0;
  for (const scenario of all) {
    const result = await cannon(server.baseURL, cookie, scenario.path);
    await drained();
    const s = stats(result.times);
    const errors = result.errors + result.timeouts + result.non2xx;
    const target = TARGETS[scenario.group];
    const ok = s.p95 <= target && errors === 0;
    if (!ok) misses += 1;
    figures.results[scenario.name] = { ...s, target, errors, rps: result.requests.average, ok };
    console.log(
      `  ${scenario.name.padEnd(38)} p50 ${ms(s.p50).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  max ${ms(s.max).padStart(9)}  ` +
        `${String(Math.round(result.requests.average)).padStart(5)} req/s  errors ${errors}  ${ok ? 'ok' : `MISS (≤ ${target} ms)`}`,
    );
  }

  // After a write the API's cached totals and answers are stale (the tenant's data version moved):
  // the first call pays the whole query. A PATCH of an unknown alert (404) moves the version like
  // any write of the tenant's user, without changing data; then one call, alone, COLD_RUNS times.
  const COLD_RUNS = 5;
  const bump = async () => {
    const response = await fetch(`${server.baseURL}${tenant}/alerts/00000000-0000-4000-8000-000000000000/`, {
      method: 'PATCH',
      headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'CLOSED' }),
    });
    if (response.status !== 404) throw new Error(`cache bump: ${response.status} ${await response.text()}`);
  };
  console.log(`
first call after a write (caches cold), one at a time, ${COLD_RUNS} runs:`);
  figures.after_write = {};
  for (const scenario of all.filter((s) => /first page|dashboard|detail/.test(s.name))) {
    const times = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      await bump();
      const start = performance.now();
      const response = await fetch(`${server.baseURL}${scenario.path()}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${scenario.name}: ${response.status}`);
      times.push(performance.now() - start);
    }
    const s = stats(times);
    figures.after_write[scenario.name] = s;
    console.log(`  ${scenario.name.padEnd(38)} p50 ${ms(s.p50).padStart(9)}  max ${ms(s.max).padStart(9)}`);
  }

  await watcher.end({ timeout: 5 });
  figures.loadavg.end = loadavg();
  figures.misses = misses;
  console.log(`\n${misses === 0 ? 'every target met' : `${misses} of ${all.length} calls miss their target`}; ${load()}`);
  writeResults('fleet', figures);
} finally {
  await server?.stop();
  await pg.drop();
}
