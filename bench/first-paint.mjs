// Time to first paint in Chromium against the production start (issue: fleet scale and first paint).
//   node bench/first-paint.mjs [--runs N] [--compare DIR]
//     --runs N       cold loads per page and network (default 7)
//     --compare DIR  also a console whose CONSOLE_ROOT is DIR (another build: host/dist and
//                    remote-*/dist), loaded alternately with this one, load for load, so a
//                    before/after pair sees the same machine load; prints both and the difference
// Cold `/login` to the Sign in button painted, and cold `/` signed in to the first chart painted,
// on loopback and under Lighthouse's mobile "Slow 4G" (150 ms RTT, 1.6 Mbps down, 750 kbps up,
// CPU 4x slower) through the DevTools protocol. Prints medians and p95 against the targets, and
// the JS `/login` fetches (gzip level 9, as bench/bundle-size.mjs counts it). Needs `npm run build`.
// Writes bench/results/first-paint.json. Exits 0 whatever the figures; 1 only if something broke.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/lib/browser.mjs';
import { DEMO_EMAIL, DEMO_PASSWORD, startConsole } from '../e2e/lib/server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results', 'first-paint.json');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 7) : 7;
const compareArg = process.argv.indexOf('--compare');
const COMPARE_ROOT = compareArg > 0 ? resolve(process.argv[compareArg + 1]) : null;

/** Lighthouse's mobile throttling ("Slow 4G"), as Chromium's DevTools protocol takes it. */
const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };
const NETWORKS = [
  { name: 'loopback', throttle: null },
  { name: 'Slow 4G, CPU 4x', throttle: SLOW_4G },
];
const TARGETS = { loginJsKb: 150, dashboardLoopbackMs: 1000, lcpThrottledMs: 2500 };

/**
 * In the page before any script: the largest contentful paint as Chromium reports it, and when the
 * first chart (an ApexCharts SVG) was painted: the frame after it entered the DOM.
 */
function paintProbes() {
  window.__paint = { lcp: null, chart: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__paint.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const seen = () => document.querySelector('.apexcharts-svg') !== null;
  const observer = new MutationObserver(() => {
    if (window.__paint.chart !== null || !seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__paint.chart ??= performance.now()), 0));
  });
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
}

async function throttle(page, settings) {
  if (settings === null) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: settings.latency,
    downloadThroughput: settings.downloadThroughput,
    uploadThroughput: settings.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: settings.cpu });
}

/** One cold load in a fresh context: ms to `ready` painted, LCP, and the scripts fetched. */
async function coldLoad(browser, baseURL, { path, signedIn, network, ready }) {
  const context = await browser.newContext();
  try {
    if (signedIn) {
      const res = await context.request.post(`${baseURL}/api/v1/token/`, {
        data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      if (!res.ok()) throw new Error(`sign-in through the API answered ${res.status()}`);
    }
    const page = await context.newPage();
    await page.addInitScript(paintProbes);
    await throttle(page, network.throttle);
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(`${baseURL}${path}`, { waitUntil: 'commit' });
    const readyAt = await ready(page);
    // LCP settles at the first input or when the page is hidden; read it once the page is ready.
    await page.waitForTimeout(network.throttle === null ? 300 : 1500);
    const lcp = await page.evaluate(() => window.__paint.lcp);
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${new URL(page.url()).pathname}`);
    const gzip = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    return { readyMs: readyAt, lcpMs: lcp, jsGzipKb: gzip / 1024 };
  } finally {
    await context.close();
  }
}

const PAGES = [
  {
    name: '/login (Sign in button painted)',
    path: '/login',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 120_000 });
      return await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0))),
      );
    },
  },
  {
    name: '/ signed in (first chart painted)',
    path: '/',
    signedIn: true,
    ready: async (page) => {
      await page.waitForFunction(() => window.__paint.chart !== null, null, { timeout: 120_000, polling: 50 });
      return await page.evaluate(() => window.__paint.chart);
    },
  },
];

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const ms = (value) => (value === null || value === undefined ? '—' : `${Math.round(value)} ms`);

function summarise(samples, network, pageSpec) {
  const ready = samples.map((s) => s.readyMs);
  const lcps = samples.map((s) => s.lcpMs).filter((v) => v !== null);
  return {
    network: network.name,
    page: pageSpec.name,
    readyMedianMs: quantile(ready, 0.5),
    readyP95Ms: quantile(ready, 0.95),
    lcpMedianMs: lcps.length ? quantile(lcps, 0.5) : null,
    lcpP95Ms: lcps.length ? quantile(lcps, 0.95) : null,
    jsGzipKb: samples[0].jsGzipKb,
  };
}

const printRow = (row, label = '') =>
  console.log(
    `${label}${row.network.padEnd(16)} ${row.page.padEnd(34)} painted median ${ms(row.readyMedianMs)}, p95 ${ms(row.readyP95Ms)}; ` +
      `LCP median ${ms(row.lcpMedianMs)}, p95 ${ms(row.lcpP95Ms)}; JS ${row.jsGzipKb.toFixed(1)} KB gzip`,
  );

const app = await startConsole();
const other = COMPARE_ROOT === null ? null : await startConsole({ CONSOLE_ROOT: COMPARE_ROOT });
const browser = await launchBrowser();
const results = { date: new Date().toISOString(), runs: RUNS, loadAverage: loadavg().map((n) => n.toFixed(1)), pages: [] };
if (other !== null) Object.assign(results, { compareRoot: COMPARE_ROOT, compared: [] });
try {
  console.log(`first-paint: ${RUNS} cold loads per page and network; load average ${results.loadAverage.join(' ')}`);
  for (const network of NETWORKS) {
    for (const pageSpec of PAGES) {
      // Warms the servers, not the browser.
      await coldLoad(browser, app.baseURL, { ...pageSpec, network });
      if (other !== null) await coldLoad(browser, other.baseURL, { ...pageSpec, network });
      const samples = [];
      const otherSamples = [];
      for (let i = 0; i < RUNS; i++) {
        // Alternately first: neither console always loads right after the other.
        const order = i % 2 === 0 ? [app, other] : [other, app];
        for (const target of order) {
          if (target === null) continue;
          const sample = await coldLoad(browser, target.baseURL, { ...pageSpec, network });
          (target === app ? samples : otherSamples).push(sample);
        }
      }
      const row = summarise(samples, network, pageSpec);
      results.pages.push(row);
      if (other === null) {
        printRow(row);
        continue;
      }
      const otherRow = summarise(otherSamples, network, pageSpec);
      results.compared.push(otherRow);
      printRow(otherRow, '--compare  ');
      printRow(row, 'this build ');
    }
  }
  const find = (network, path) => results.pages.find((r) => r.network === network && r.page.startsWith(path));
  const login = find('loopback', '/login');
  const dash = find('loopback', '/ ');
  const slowDash = find('Slow 4G, CPU 4x', '/ ');
  const slowLogin = find('Slow 4G, CPU 4x', '/login');
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  console.log('\nTargets:');
  console.log(
    `  /login JS ≤ ${TARGETS.loginJsKb} KB gzip: ${login.jsGzipKb.toFixed(1)} KB — ${verdict(login.jsGzipKb <= TARGETS.loginJsKb)}`,
  );
  console.log(
    `  / first chart ≤ ${TARGETS.dashboardLoopbackMs} ms on loopback (median): ${ms(dash.readyMedianMs)} — ${verdict(dash.readyMedianMs <= TARGETS.dashboardLoopbackMs)}`,
  );
  const slowest = Math.max(slowDash.lcpMedianMs ?? Infinity, slowLogin.lcpMedianMs ?? Infinity);
  console.log(
    `  LCP ≤ ${TARGETS.lcpThrottledMs} ms under Slow 4G (median, /login and /): ${ms(slowLogin.lcpMedianMs)} and ${ms(slowDash.lcpMedianMs)} — ${verdict(slowest <= TARGETS.lcpThrottledMs)}`,
  );
  console.log(`  (/ under Slow 4G, first chart painted: median ${ms(slowDash.readyMedianMs)})`);
  results.loadAverageAfter = loadavg().map((n) => n.toFixed(1));
  console.log(`Load average at the end: ${results.loadAverageAfter.join(' ')}`);
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, JSON.stringify(results, null, 2));
  console.log(`\nWritten ${RESULTS}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close();
  await app.stop();
  await other?.stop();
}
