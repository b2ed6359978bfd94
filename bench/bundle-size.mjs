// JS fetched per route: the federated console against the same code built as one bundle.
//   node bench/bundle-size.mjs [--rebuild] [--verbose]
//     --rebuild  rebuild host, remotes and monolith first (default: build only what is missing)
//     --verbose  list every script fetched, with the app and shared package it belongs to
// Writes bench/results/bundle-size.json. Exits 0 whatever the figures; 1 only if something broke.
import { mkdirSync, mkdtempSync, readFileSync, existsSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startConsole, DEMO_EMAIL, DEMO_PASSWORD } from '../e2e/lib/server.mjs';
import { launchBrowser, countReactRenderers } from '../e2e/lib/browser.mjs';
import { pnpm, log } from '../scripts/lib.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results', 'bundle-size.json');
const args = new Set(process.argv.slice(2));
const REBUILD = args.has('--rebuild');
const VERBOSE = args.has('--verbose');

const REMOTES = ['detect', 'insights', 'threat'];
/** The login page and each remote's first route, with the heading that proves it rendered. */
const ROUTES = [
  { name: 'login', path: '/login', remote: null, ready: (p) => p.getByRole('button', { name: 'Sign in' }) },
  { name: 'detect', path: '/', remote: 'detect', heading: 'Dashboards' },
  { name: 'insights', path: '/insights', remote: 'insights', heading: 'My Insight Reports' },
  { name: 'threat', path: '/threat-landscape', remote: 'threat', heading: 'Threat Landscape' },
];
const readyLocator = (page, route) =>
  route.ready ? route.ready(page) : page.getByRole('heading', { level: 1, name: route.heading, exact: true });

const kb = (bytes) => (bytes / 1024).toFixed(1);

// ---------------------------------------------------------------------------------------------
// Builds

async function buildMissing() {
  const steps = [];
  if (!existsSync(join(ROOT, 'api/dist/server.js'))) steps.push(['api', ['--filter', '@console/api', 'run', 'build']]);
  if (REBUILD || !existsSync(join(ROOT, 'host/dist/index.html'))) {
    steps.push(['host', ['--filter', '@console/host', 'run', 'build']]);
  }
  for (const r of REMOTES) {
    if (REBUILD || !existsSync(join(ROOT, `remote-${r}/dist/mf-manifest.json`))) {
      steps.push([`remote-${r}`, ['--filter', `@console/remote-${r}`, 'run', 'build']]);
    }
  }
  if (REBUILD || !existsSync(join(ROOT, 'host/dist-monolith/index.html'))) {
    steps.push(['monolith', ['--filter', '@console/host', 'run', 'build:monolith']]);
  }
  for (const [name, pnpmArgs] of steps) {
    log(`Building ${name}`);
    const code = await pnpm(pnpmArgs);
    if (code !== 0) throw new Error(`building ${name} failed (exit ${code})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Which shared package each federated file provides: each remote's dist/mf-stats.json, and the
// host's dist/share-scope.json (same `shared` list; the host is no federation container, see
// shared/toolchain/share-scope.cjs)

function sharedFileMap() {
  const map = new Map(); // URL path -> { app, packages: Set }
  const apps = [
    ['host', join(ROOT, 'host/dist'), '/'],
    ...REMOTES.map((r) => [r, join(ROOT, `remote-${r}/dist`), `/remotes/${r}/`]),
  ];
  for (const [app, dist, prefix] of apps) {
    const statsFile = ['mf-stats.json', 'share-scope.json'].map((name) => join(dist, name)).find(existsSync);
    if (!statsFile) continue;
    const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
    for (const shared of stats.shared ?? []) {
      for (const file of [...(shared.assets?.js?.sync ?? []), ...(shared.assets?.js?.async ?? [])]) {
        const url = prefix + file;
        if (!map.has(url)) map.set(url, { app, packages: new Set() });
        map.get(url).packages.add(shared.name);
      }
    }
  }
  return map;
}

const appOf = (pathname) => pathname.match(/^\/remotes\/([^/]+)\//)?.[1] ?? 'host';

// ---------------------------------------------------------------------------------------------
// Measuring

/** Records every script the page fetches (decoded body, so gzip is computed here at level 9). */
function recordScripts(page, onRequest) {
  const files = [];
  const pending = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') onRequest?.(new URL(req.url()).pathname);
  });
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const path = new URL(res.url()).pathname;
    pending.push(
      res.body().then(
        (body) => files.push({ path, status: res.status(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        (error) => files.push({ path, status: res.status(), raw: 0, gzip: 0, error: String(error) }),
      ),
    );
  });
  return async () => {
    await Promise.all(pending);
    return files;
  };
}

const sum = (files, key) => files.reduce((n, f) => n + f[key], 0);

async function signInThroughApi(context, baseURL) {
  const res = await context.request.post(`${baseURL}/api/v1/token/`, {
    data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  if (!res.ok()) throw new Error(`sign-in through the API answered ${res.status()}`);
}

/** One route in a fresh context (cold cache). */
async function measureRoute(browser, baseURL, route) {
  const context = await browser.newContext();
  try {
    if (route.remote) await signInThroughApi(context, baseURL);
    const page = await context.newPage();
    const done = recordScripts(page);
    await page.goto(`${baseURL}${route.path}`);
    await readyLocator(page, route).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const at = new URL(page.url()).pathname;
    if (at !== route.path) throw new Error(`${route.path} ended on ${at}`);
    const files = await done();
    const failed = files.filter((f) => f.status >= 400 || f.error);
    if (failed.length) throw new Error(`${route.path}: failed scripts ${failed.map((f) => f.path).join(', ')}`);
    return { files, raw: sum(files, 'raw'), gzip: sum(files, 'gzip') };
  } finally {
    await context.close();
  }
}

/** All four routes in ONE context: sign in through the form, then client-side navigation. */
async function measureJourney(browser, baseURL) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(countReactRenderers);
    const visitedRemotes = new Set();
    const early = []; // remote files fetched before that remote's route was visited
    const order = [];
    const done = recordScripts(page, (path) => {
      order.push(path);
      const app = appOf(path);
      if (app !== 'host' && !visitedRemotes.has(app)) early.push(path);
    });

    await page.goto(`${baseURL}/login`);
    await readyLocator(page, ROUTES[0]).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/email/i).first().fill(DEMO_EMAIL);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(DEMO_PASSWORD);
    for (const route of ROUTES.slice(1)) {
      visitedRemotes.add(route.remote);
      if (route.path === '/') {
        await page.getByRole('button', { name: 'Sign in' }).click(); // lands on /
      } else {
        await page.evaluate((to) => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, route.path);
      }
      await readyLocator(page, route).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const at = new URL(page.url()).pathname;
      if (at !== route.path) throw new Error(`journey: ${route.path} ended on ${at}`);
    }
    const files = await done();
    const renderers = await page.evaluate(() => window.__reactRenderers);
    return { files, order, early, renderers, raw: sum(files, 'raw'), gzip: sum(files, 'gzip') };
  } finally {
    await context.close();
  }
}

function sharedReport(journey, map) {
  const byPackage = new Map(); // package -> Map(app -> files)
  for (const file of journey.files) {
    const entry = map.get(file.path);
    if (!entry) continue;
    for (const pkg of entry.packages) {
      if (!byPackage.has(pkg)) byPackage.set(pkg, new Map());
      const apps = byPackage.get(pkg);
      apps.set(entry.app, [...(apps.get(entry.app) ?? []), file.path]);
    }
  }
  return [...byPackage]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pkg, apps]) => ({ package: pkg, times: apps.size, from: [...apps.keys()] }));
}

function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const [n, row] of rows.entries()) {
    console.log(row.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  '));
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

function breakdown(files) {
  const byApp = {};
  for (const f of files) {
    const app = appOf(f.path);
    byApp[app] = (byApp[app] ?? 0) + f.gzip;
  }
  return Object.entries(byApp)
    .map(([app, gz]) => `${app} ${kb(gz)}`)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  await buildMissing();

  const monolithRoot = mkdtempSync(join(tmpdir(), 'console-bench-monolith-'));
  mkdirSync(join(monolithRoot, 'host'));
  symlinkSync(join(ROOT, 'host/dist-monolith'), join(monolithRoot, 'host/dist'), 'dir');

  let federated;
  let monolith;
  let browser;
  try {
    federated = await startConsole();
    monolith = await startConsole({ CONSOLE_ROOT: monolithRoot });
    browser = await launchBrowser();

    const routes = [];
    for (const route of ROUTES) {
      const fed = await measureRoute(browser, federated.baseURL, route);
      const mono = await measureRoute(browser, monolith.baseURL, route);
      routes.push({ route: route.path, federated: fed, monolith: mono, ratio: fed.gzip / mono.gzip });
    }
    const journeyFed = await measureJourney(browser, federated.baseURL);
    const journeyMono = await measureJourney(browser, monolith.baseURL);
    const map = sharedFileMap();
    const shared = sharedReport(journeyFed, map);

    // ---- report
    console.log('\nJS fetched per route, fresh browser context each (gzip -9 of each body, KB = 1024 B)\n');
    const totalFed = routes.reduce((n, r) => n + r.federated.gzip, 0);
    const totalMono = routes.reduce((n, r) => n + r.monolith.gzip, 0);
    printTable([
      ['route', 'federated gzip KB', 'monolith gzip KB', 'ratio', 'federated raw KB', 'monolith raw KB', 'scripts fed/mono'],
      ...routes.map((r) => [
        r.route,
        kb(r.federated.gzip),
        kb(r.monolith.gzip),
        r.ratio.toFixed(2),
        kb(r.federated.raw),
        kb(r.monolith.raw),
        `${r.federated.files.length}/${r.monolith.files.length}`,
      ]),
      ['total', kb(totalFed), kb(totalMono), (totalFed / totalMono).toFixed(2), '', '', ''],
      [
        'all four, one context',
        kb(journeyFed.gzip),
        kb(journeyMono.gzip),
        (journeyFed.gzip / journeyMono.gzip).toFixed(2),
        kb(journeyFed.raw),
        kb(journeyMono.raw),
        `${journeyFed.files.length}/${journeyMono.files.length}`,
      ],
    ]);
    console.log('\nFederated gzip KB by origin:');
    for (const r of routes) console.log(`  ${r.route.padEnd(18)} ${breakdown(r.federated.files)}`);
    console.log(`  ${'all four'.padEnd(18)} ${breakdown(journeyFed.files)}`);

    console.log('\nShared libraries fetched in one context visiting all four routes (target: once each)\n');
    printTable([['package', 'times', 'from'], ...shared.map((s) => [s.package, s.times, s.from.join(' ')])]);
    const twice = shared.filter((s) => s.times > 1);
    console.log(`\nShared libraries fetched more than once: ${twice.length ? twice.map((s) => s.package).join(', ') : 'none'}`);
    console.log(
      `Remote files fetched before their route was visited: ${journeyFed.early.length ? journeyFed.early.join(', ') : 'none'}`,
    );
    console.log(`React renderers in the page: federated ${journeyFed.renderers}, monolith ${journeyMono.renderers}`);

    if (VERBOSE) {
      for (const [label, files] of [
        ...routes.map((r) => [`federated ${r.route}`, r.federated.files]),
        ...routes.map((r) => [`monolith ${r.route}`, r.monolith.files]),
        ['federated journey', journeyFed.files],
      ]) {
        console.log(`\n${label}`);
        for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
          const pkgs = map.get(f.path) ? [...map.get(f.path).packages].join(' ') : '';
          console.log(`  ${kb(f.gzip).padStart(7)}  ${kb(f.raw).padStart(7)}  ${f.path}  ${pkgs}`);
        }
      }
    }

    const strip = (m) => ({ raw: m.raw, gzip: m.gzip, files: m.files });
    mkdirSync(dirname(RESULTS), { recursive: true });
    writeFileSync(
      RESULTS,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          unit: 'bytes; gzip = zlib level 9 of each decoded script body',
          routes: routes.map((r) => ({
            route: r.route,
            ratio: r.ratio,
            federated: strip(r.federated),
            monolith: strip(r.monolith),
          })),
          total: { federated: totalFed, monolith: totalMono, ratio: totalFed / totalMono },
          journey: {
            routes: ROUTES.map((r) => r.path),
            federated: strip(journeyFed),
            monolith: strip(journeyMono),
            ratio: journeyFed.gzip / journeyMono.gzip,
            reactRenderers: { federated: journeyFed.renderers, monolith: journeyMono.renderers },
            shared,
            sharedFetchedMoreThanOnce: twice.map((s) => s.package),
            remoteFilesBeforeTheirRoute: journeyFed.early,
          },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nResults: ${RESULTS}`);
  } finally {
    await browser?.close();
    await federated?.stop();
    await monolith?.stop();
    rmSync(monolithRoot, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
