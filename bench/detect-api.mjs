// DETECT API latency: a device with 5,000 packages (packages page p95), then 200 concurrent
// clients on device detail and alert detail for 30 s (autocannon). Not a test: it prints figures.
//
//   node bench/detect-api.mjs [--packages 5000] [--connections 200] [--duration 30] [--pages 300] [--profile DIR]
//
// --profile DIR writes a V8 CPU profile of the server (node --cpu-prof) into DIR when it stops.
//
// Runs the built API (`api/dist`; build first: pnpm --filter @console/api build) on a temporary
// DATA_DIR (embedded PGlite), or on DATABASE_URL when set (a fresh database is expected). The
// big device is written through the API's own modules before the server starts (the embedded
// database allows one process at a time). Loopback only.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startApiServer } from './lib/api-server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'api', 'dist');
const PASSWORD = 'bench-demo-password';

const { values } = parseArgs({
  options: {
    packages: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '30' },
    pages: { type: 'string', default: '300' },
    profile: { type: 'string' },
  },
});
const PACKAGES = Number(values.packages);
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const PAGES = Number(values.pages);
if (![PACKAGES, CONNECTIONS, DURATION, PAGES].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('Usage: node bench/detect-api.mjs [--packages N] [--connections N] [--duration S] [--pages N]');
  process.exit(2);
}
if (!existsSync(join(API, 'lib', 'detect', 'seed.js'))) {
  console.error('api/dist is missing or stale: run pnpm --filter @console/api build first');
  process.exit(1);
}

const load = (path) => import(pathToFileURL(join(API, path)).href);
const autocannon = createRequire(join(ROOT, 'api', 'package.json'))('autocannon');

const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'console-bench-detect-'));
const env = {
  ...process.env,
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
  CONSOLE_DEMO_PASSWORD: PASSWORD,
  LOG_LEVEL: 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
};
const engine = dataDir ? `PGlite (${dataDir})` : 'PostgreSQL (DATABASE_URL)';
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;

/** Seeds the demo data and adds one device with PACKAGES packages (a third with a CVE finding). */
async function prepare() {
  const { loadConfig } = await load('config.js');
  const { openConfiguredDatabase } = await load('lib/startup.js');
  const { seed } = await load('lib/seed.js');
  const { refreshDeviceStats } = await load('lib/detect/devices.js');
  const { analyzeDetectTables } = await load('lib/detect/seed.js');
  const schema = await load('db/schema/index.js');
  const database = await openConfiguredDatabase(loadConfig(env));
  try {
    const { db } = database;
    const seeded = await seed(db, { demoPassword: PASSWORD, otherPassword: `${PASSWORD}-other`, honeynet: false });
    const tenantUid = seeded.demo.tenantUid;
    const [device] = await db.insert(schema.devices).values({
      tenantUid, hostname: 'bench-5k-packages', deviceType: 'linux', platformName: 'Debian GNU/Linux',
      platformVersion: '12 (bookworm)', kernelArch: 'x86_64', kernelVersion: '6.1.0-18-amd64', lastConnected: new Date(),
    }).returning({ uid: schema.devices.uid });
    const cves = await db.select({ uid: schema.vulnerabilities.uid, score: schema.vulnerabilities.score }).from(schema.vulnerabilities);
    const rows = Array.from({ length: PACKAGES }, (_, i) => ({
      tenantUid, deviceUid: device.uid, name: `lib${['ssl', 'xml', 'curl', 'z', 'png', 'gcrypt', 'ssh', 'sqlite'][i % 8]}-${String(i).padStart(5, '0')}`,
      version: `${1 + (i % 9)}.${i % 13}.${i % 7}-1`, ecosystem: 'Debian:12', sourceName: `src-${i % 700}`, architecture: 'amd64',
    }));
    let findings = 0;
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await db.insert(schema.devicePackages).values(rows.slice(i, i + 1000)).returning({ id: schema.devicePackages.id });
      const batch = inserted.filter((_, j) => (i + j) % 3 === 0).map((row, j) => {
        const cve = cves[(i + j) % cves.length];
        return { tenantUid, deviceUid: device.uid, packageId: row.id, vulnerabilityUid: cve.uid, score: cve.score };
      });
      findings += batch.length;
      if (batch.length > 0) await db.insert(schema.packageFindings).values(batch);
    }
    await refreshDeviceStats(db, tenantUid, device.uid);
    await analyzeDetectTables(db);
    return { tenantUid, deviceUid: device.uid, findings };
  } finally {
    await database.close();
  }
}

async function signIn(baseURL) {
  const response = await fetch(`${baseURL}/api/v1/token/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: PASSWORD, remember: true }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function timed(url, cookie) {
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - start;
}

function cannon(opts) {
  return new Promise((res, rej) => autocannon(opts, (error, result) => (error ? rej(error) : res(result))));
}

console.log(`DETECT API bench: ${PACKAGES.toLocaleString('en-US')} packages on one device, ${CONNECTIONS} connections for ${DURATION} s, ${engine}`);
const t0 = performance.now();
const ids = await prepare();
console.log(`prepared demo seed + big device (${ids.findings} findings) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const nodeArgs = values.profile ? ['--cpu-prof', '--cpu-prof-dir', resolve(values.profile)] : [];
const { child, baseURL } = await startApiServer(API, env, { nodeArgs });
try {
  const cookie = await signIn(baseURL);
  const device = `${baseURL}/api/v1/tenants/${ids.tenantUid}/devices/${ids.deviceUid}/`;
  const list = await (await fetch(`${baseURL}/api/v1/tenants/${ids.tenantUid}/alerts/?limit=1`, { headers: { cookie } })).json();
  const alert = `${baseURL}/api/v1/tenants/${ids.tenantUid}/alerts/${list.results[0].uid}/`;

  // 1. Packages page of the 5,000-package device: every page in order (the table paging through),
  // then the first page with other orderings and a search, one request at a time.
  const pageCount = Math.ceil((PACKAGES + ids.findings) / 50);
  const urls = [];
  for (let i = 0; i < PAGES; i++) {
    const kind = i % 4;
    if (kind === 3) urls.push(`${device}packages/?ordering=${['name', '-version', 'cve_id'][i % 3]}&limit=50`);
    else if (kind === 2) urls.push(`${device}packages/?search=ssl&limit=50&offset=${(i % 20) * 50}`);
    else urls.push(`${device}packages/?limit=50&offset=${(i % pageCount) * 50}`);
  }
  for (const url of urls.slice(0, 10)) await timed(url, cookie); // warm-up
  const times = [];
  for (const url of urls) times.push(await timed(url, cookie));
  times.sort((a, b) => a - b);
  console.log(`packages page (limit 50, ${PAGES} requests, sequential): p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  p99 ${ms(percentile(times, 99))}  max ${ms(times.at(-1))}`);
  const count = await timed(`${device}packages/count/`, cookie);
  console.log(`packages count: ${ms(count)}`);

  // 2. 200 concurrent clients alternating device detail and alert detail for DURATION seconds.
  await cannon({ url: device, connections: 20, duration: 2, headers: { cookie } }); // warm-up
  const result = await cannon({
    url: baseURL,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { cookie },
    requests: [{ method: 'GET', path: new URL(device).pathname }, { method: 'GET', path: new URL(alert).pathname }],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`device + alert detail, ${CONNECTIONS} connections, ${DURATION} s: ${result.requests.total.toLocaleString('en-US')} requests, ` +
    `${Math.round(result.requests.average).toLocaleString('en-US')} req/s`);
  console.log(`  latency p50 ${result.latency.p50} ms  p90 ${result.latency.p90} ms  p97.5 ${result.latency.p97_5} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms`);
  console.log(`  errors ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
  console.log('  (autocannon reports p90/p97.5 rather than p95; p95 lies between them)');

  // 3. The same mix at low concurrency: the per-request latency without queueing.
  const light = await cannon({
    url: baseURL, connections: 10, duration: Math.min(DURATION, 10), headers: { cookie },
    requests: [{ method: 'GET', path: new URL(device).pathname }, { method: 'GET', path: new URL(alert).pathname }],
  });
  console.log(`device + alert detail, 10 connections: ${Math.round(light.requests.average).toLocaleString('en-US')} req/s, ` +
    `p50 ${light.latency.p50} ms  p90 ${light.latency.p90} ms  p97.5 ${light.latency.p97_5} ms  p99 ${light.latency.p99} ms, ` +
    `errors ${light.errors + light.timeouts + light.non2xx}`);

  // 4. Baseline: the smallest signed-in route (session lookup + one tiny query), same concurrency,
  // to tell the per-request cost of the platform from that of the DETECT routes.
  const base = await cannon({ url: `${baseURL}/api/v1/tenants/${ids.tenantUid}/`, connections: 10, duration: Math.min(DURATION, 5), headers: { cookie } });
  console.log(`baseline GET /tenants/{t}/, 10 connections: ${Math.round(base.requests.average).toLocaleString('en-US')} req/s, p50 ${base.latency.p50} ms  p99 ${base.latency.p99} ms`);
} finally {
  child.kill('SIGTERM');
  await new Promise((res) => child.once('exit', res));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
