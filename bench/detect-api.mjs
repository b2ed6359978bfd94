// DETECT API latency: a device with 5,000 packages (packages page p95, and the time from data to
// rendered table in Chromium), then 200 concurrent clients on device detail and alert detail for
// 30 s (autocannon). Not a test: it prints figures.
//
//   node bench/detect-api.mjs [--packages 5000] [--connections 200] [--duration 30] [--pages 300]
//                             [--list-duration 60] [--browser-loads 10] [--no-browser] [--profile DIR]
//
// Last, the packages list UNCACHED under the same number of clients for --list-duration seconds
// (0 skips it): every request its own offset, ordering or search, so no answer is served from a
// cache (only the total, kept per search until the data changes, is).
//
// --profile DIR writes a V8 CPU profile of the server (node --cpu-prof) into DIR when it stops.
// The Chromium part needs the built host and remotes (pnpm -r --filter './host' --filter './remote-*'
// build); without them, or with --no-browser, it is skipped.
//
// Runs the built API (`api/dist`; build first: pnpm --filter @console/api build) on a temporary
// DATA_DIR (embedded PGlite), or on DATABASE_URL when set (a fresh database is expected). The
// big device is written through the API's own modules before the server starts (the embedded
// database allows one process at a time). Loopback only.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { signIn, startApiServer } from './lib/api-server.mjs';
import {
  API,
  benchArgs,
  benchDatabase,
  importApi,
  PASSWORD,
  percentile,
  ROOT,
  withSeededDatabase,
  writeResults,
} from './lib/setup.mjs';

const values = benchArgs(
  'Usage: node bench/detect-api.mjs [--packages N] [--connections N] [--duration S] [--pages N] [--list-duration S] [--browser-loads N] [--no-browser] [--profile DIR]',
  { packages: 5000, connections: 200, duration: 30, pages: 300, 'list-duration': 60, 'browser-loads': 10 },
  { options: { 'no-browser': { type: 'boolean', default: false }, profile: { type: 'string' } } },
);
const { packages: PACKAGES, connections: CONNECTIONS, duration: DURATION, pages: PAGES, 'browser-loads': BROWSER_LOADS } = values;
const { dataDir, engine, env, removeDataDir } = benchDatabase('detect', 'lib/detect/seed.js');

const ms = (n) => `${n.toFixed(1)} ms`;
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
/** Every figure printed, written to bench/results/ at the end. */
const figures = {
  engine: dataDir ? 'pglite' : 'postgresql',
  packages: PACKAGES,
  connections: CONNECTIONS,
  duration: DURATION,
  loadavg: {},
};
/** p50/p95/p99/max of a list of milliseconds. */
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? null
    : {
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1),
        n: sorted.length,
      };
}
function spread(values) {
  const s = stats(values);
  return s === null ? 'no samples' : `p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;
}

/** Seeds the demo data and adds one device with PACKAGES packages (a third with a CVE finding). */
async function prepare() {
  const { refreshDeviceStats } = await importApi('lib/vulns/device-stats.js');
  const { analyzeDetectTables } = await importApi('lib/detect/seed.js');
  return withSeededDatabase(env, { honeynet: false }, async ({ db, tenantUid, schema }) => {
    const [device] = await db
      .insert(schema.devices)
      .values({
        tenantUid,
        hostname: 'bench-5k-packages',
        deviceType: 'linux',
        platformName: 'Debian GNU/Linux',
        platformVersion: '12 (bookworm)',
        kernelArch: 'x86_64',
        kernelVersion: '6.1.0-18-amd64',
        lastConnected: new Date(),
      })
      .returning({ uid: schema.devices.uid });
    const cves = await db
      .select({ uid: schema.vulnerabilities.uid, score: schema.vulnerabilities.score })
      .from(schema.vulnerabilities);
    const rows = Array.from({ length: PACKAGES }, (_, i) => ({
      tenantUid,
      deviceUid: device.uid,
      name: `lib${['ssl', 'xml', 'curl', 'z', 'png', 'gcrypt', 'ssh', 'sqlite'][i % 8]}-${String(i).padStart(5, '0')}`,
      version: `${1 + (i % 9)}.${i % 13}.${i % 7}-1`,
      ecosystem: 'Debian:12',
      sourceName: `src-${i % 700}`,
      architecture: 'amd64',
    }));
    let findings = 0;
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await db
        .insert(schema.devicePackages)
        .values(rows.slice(i, i + 1000))
        .returning({ id: schema.devicePackages.id });
      const batch = inserted
        .filter((_, j) => (i + j) % 3 === 0)
        .map((row, j) => {
          const cve = cves[(i + j) % cves.length];
          return { tenantUid, deviceUid: device.uid, packageId: row.id, vulnerabilityUid: cve.uid, score: cve.score };
        });
      findings += batch.length;
      if (batch.length > 0) await db.insert(schema.packageFindings).values(batch);
    }
    await refreshDeviceStats(db, tenantUid, device.uid);
    await analyzeDetectTables(db);
    return { tenantUid, deviceUid: device.uid, findings };
  });
}

async function timed(url, cookie) {
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - start;
}

/** An autocannon run, with every response time kept: autocannon itself reports p90 and p97.5, not p95. */
function cannon(opts) {
  const times = [];
  return new Promise((res, rej) => {
    const instance = autocannon(opts, (error, result) => (error ? rej(error) : res({ ...result, times })));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

function report(name, label, result) {
  const errors = result.errors + result.timeouts + result.non2xx;
  figures[name] = { requests: result.requests.total, perSecond: result.requests.average, latency: stats(result.times), errors };
  console.log(
    `${label}: ${result.requests.total.toLocaleString('en-US')} requests, ${Math.round(result.requests.average).toLocaleString('en-US')} req/s`,
  );
  console.log(`  latency ${spread(result.times)}`);
  console.log(`  errors ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
}

console.log(
  `DETECT API bench: ${PACKAGES.toLocaleString('en-US')} packages on one device, ${CONNECTIONS} connections for ${DURATION} s, ${engine}`,
);
console.log(`start: ${load()} (${new Date().toISOString()})`);
figures.loadavg.start = loadavg();
const t0 = performance.now();
const ids = await prepare();
console.log(`prepared demo seed + big device (${ids.findings} findings) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const nodeArgs = values.profile ? ['--cpu-prof', '--cpu-prof-dir', resolve(values.profile)] : [];
const { baseURL, stop } = await startApiServer(API, env, { nodeArgs });
try {
  const { cookie } = await signIn(baseURL, { remember: true });
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
  console.log(`packages page (limit 50, ${PAGES} requests, sequential): ${spread(times)}`);
  figures.packagesPage = stats(times);
  const count = await timed(`${device}packages/count/`, cookie);
  console.log(`packages count: ${ms(count)}`);

  // 2. The same table in Chromium: from the packages response arriving to its rows in the DOM.
  if (values['no-browser']) {
    console.log('packages table in Chromium: skipped (--no-browser)');
  } else if (
    !existsSync(join(ROOT, 'host', 'dist', 'index.html')) ||
    !existsSync(join(ROOT, 'remote-detect', 'dist', 'mf-manifest.json'))
  ) {
    console.log(
      "packages table in Chromium: skipped (build the host and remotes: pnpm -r --filter './host' --filter './remote-*' build)",
    );
  } else {
    const { measurePackagesTable } = await import('./lib/table-render.mjs');
    const { load: loads, paging } = await measurePackagesTable({
      baseURL,
      deviceUid: ids.deviceUid,
      email: 'demo@example.com',
      password: PASSWORD,
      loads: BROWSER_LOADS,
      pages: BROWSER_LOADS * 2,
    });
    console.log(`packages table in Chromium (${loads[0]?.rows ?? 0} rows a page), time from data to rendered table:`);
    console.log(`  device page opened (${loads.length}×): data → DOM ${spread(loads.map((s) => s.dataToDom))}`);
    console.log(`    data → painted ${spread(loads.map((s) => s.dataToPaint))}`);
    console.log(`    packages request seen by the browser ${spread(loads.map((s) => s.fetch))}`);
    console.log(`    rows in the DOM after navigation ${spread(loads.map((s) => s.sinceNavigation))}`);
    console.log(`  next page (${paging.length}×): data → DOM ${spread(paging.map((s) => s.dataToDom))}`);
    console.log(`    data → painted ${spread(paging.map((s) => s.dataToPaint))}`);
    figures.table = Object.fromEntries(
      Object.entries({ load: loads, nextPage: paging }).map(([kind, samples]) => [
        kind,
        {
          dataToDom: stats(samples.map((s) => s.dataToDom)),
          dataToPaint: stats(samples.map((s) => s.dataToPaint)),
        },
      ]),
    );
  }

  // 3. CONNECTIONS concurrent clients alternating device detail and alert detail for DURATION seconds.
  const detail = [
    { method: 'GET', path: new URL(device).pathname },
    { method: 'GET', path: new URL(alert).pathname },
  ];
  await cannon({ url: baseURL, connections: 20, duration: 2, headers: { cookie }, requests: detail }); // warm-up
  console.log(`before the load: ${load()}`);
  figures.loadavg.beforeLoad = loadavg();
  report(
    'detail',
    `device + alert detail, ${CONNECTIONS} connections, ${DURATION} s`,
    await cannon({ url: baseURL, connections: CONNECTIONS, duration: DURATION, headers: { cookie }, requests: detail }),
  );
  console.log(`after the load: ${load()}`);
  figures.loadavg.afterLoad = loadavg();

  // 4. The same mix at low concurrency: the per-request latency without queueing.
  report(
    'detail10',
    'device + alert detail, 10 connections',
    await cannon({ url: baseURL, connections: 10, duration: Math.min(DURATION, 10), headers: { cookie }, requests: detail }),
  );

  // 5. Baseline: the smallest signed-in route (cached session check + one tiny query), same
  // concurrency, to tell the per-request cost of the platform from that of the DETECT routes.
  report(
    'baseline',
    'baseline GET /tenants/{t}/, 10 connections',
    await cannon({
      url: `${baseURL}/api/v1/tenants/${ids.tenantUid}/`,
      connections: 10,
      duration: Math.min(DURATION, 5),
      headers: { cookie },
    }),
  );

  // 6. The packages list, uncached, under CONNECTIONS clients: each request takes the next of a
  // long cycle of offsets (any page of the device), orderings and searches.
  const listDuration = values['list-duration'];
  if (listDuration > 0) {
    const devicePath = new URL(device).pathname;
    const orderings = ['name', '-name', '-score', 'cve_id', '-version', 'score'];
    const searches = ['ssl', 'xml', 'lib', 'curl-0', '0001', 'CVE-20', 'z'];
    const pages = Math.ceil((PACKAGES + ids.findings) / 50);
    let n = 0;
    const nextPath = () => {
      n += 1;
      const ordering = orderings[n % orderings.length];
      if (n % 5 === 0)
        return `${devicePath}packages/?search=${searches[(n / 5) % searches.length]}&ordering=${ordering}&limit=50&offset=${((n * 7) % 10) * 50}`;
      return `${devicePath}packages/?ordering=${ordering}&limit=50&offset=${((n * 7919) % pages) * 50}`;
    };
    const varied = [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }];
    console.log(`before the list load: ${load()}`);
    figures.loadavg.beforeList = loadavg();
    report(
      'packagesUncached',
      `packages list, uncached (varying offsets, orderings, searches), ${CONNECTIONS} connections, ${listDuration} s`,
      await cannon({ url: baseURL, connections: CONNECTIONS, duration: listDuration, headers: { cookie }, requests: varied }),
    );
    console.log(`after the list load: ${load()}`);
    figures.loadavg.afterList = loadavg();
  }

  writeResults('detect-api', figures);
} finally {
  await stop();
  removeDataDir();
}
