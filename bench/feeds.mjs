// Feed sync at scale: the built API syncs a generated osv.dev-style all.zip of 200,000 Debian-like
// records from a local HTTP server (its own job, as in production), while the console answers
// device detail; then `sync-feeds` after a 1% change re-matches the devices. Not a test: it prints
// figures.
//
//   node bench/feeds.mjs [--records 200000] [--devices 1000] [--packages 300] [--connections 4] [--pause 0]
//
// --pause MS: each detail loop waits that long after each answer (0: none, the loops take as much
// of the 2 cores as the server gives them, which the sync then does not have).
//
// Runs `api/dist` (build first: pnpm --filter @console/api build) on a temporary DATA_DIR
// (embedded PGlite), or on DATABASE_URL when set (a fresh database is expected).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiProcessEnv } from '../scripts/server-process.mjs';
import { signIn, startApiServer } from './lib/api-server.mjs';
import { cachedZips, startFeedServer, storeDebianDevices } from './lib/debian-feed.mjs';
import { processMemoryKB } from './lib/process-memory.mjs';
import { API, benchArgs, benchDatabase, percentile, prng, ROOT, wholeNumbers, writeResults } from './lib/setup.mjs';

const {
  records: RECORDS,
  devices: DEVICES,
  packages: PACKAGES,
  connections: CONNECTIONS,
  pause: PAUSE,
} = benchArgs(
  'Usage: node bench/feeds.mjs [--records N] [--devices N] [--packages N] [--connections N] [--pause MS]',
  {
    records: 200000,
    devices: 1000,
    packages: 300,
    connections: 4,
    pause: 0,
  },
  { valid: ({ pause, ...rest }) => wholeNumbers([pause], 0) && wholeNumbers(Object.values(rest)) },
);
const { dataDir, engine, env, removeDataDir } = benchDatabase('feeds', 'lib/feeds/sync.js');

const work = mkdtempSync(join(tmpdir(), 'console-bench-feeds-'));
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => `${n.toFixed(1)} ms`;
const seconds = (from) => (performance.now() - from) / 1000;

// ---- run ------------------------------------------------------------------------------------

/** Peak and current resident set of a process, in MB. */
function memory(pid) {
  const { rss, peak } = processMemoryKB(pid);
  return { rss: rss / 1024, peak: peak / 1024 };
}

console.log(
  `Feed sync bench: ${fmt(RECORDS)} OSV records (Debian-like), ${fmt(DEVICES)} devices × ${PACKAGES} packages, ${engine}`,
);
const results = {
  records: RECORDS,
  devices: DEVICES,
  packages: PACKAGES,
  pauseMs: PAUSE,
  engine: dataDir ? 'pglite' : 'postgres',
};
let feedServer;
let api;
try {
  let t = performance.now();
  const { zipA, zipB } = await cachedZips(RECORDS);
  results.zipMB = statSync(zipA).size / 1024 / 1024;
  console.log(`all.zip: ${results.zipMB.toFixed(1)} MB`);
  const kev = join(work, 'kev.json');
  const epss = join(work, 'epss.csv.gz');
  spawnSync('cp', [join(ROOT, 'api', 'test', 'fixtures', 'feeds', 'kev-sample.json'), kev]);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(epss, gzipSync(readFileSync(join(ROOT, 'api', 'test', 'fixtures', 'feeds', 'epss-sample.csv'))));
  const files = new Map([
    ['/Debian/all.zip', zipA],
    ['/kev.json', kev],
    ['/epss.csv.gz', epss],
  ]);
  feedServer = await startFeedServer(files);

  t = performance.now();
  const { tenantUid, uids } = await storeDebianDevices(env, { devices: DEVICES, packages: PACKAGES });
  console.log(`stored ${fmt(DEVICES)} enrolled devices in ${seconds(t).toFixed(1)} s`);

  const feedEnv = {
    ...env,
    OSV_BASE_URL: feedServer.url,
    KEV_URL: `${feedServer.url}/kev.json`,
    EPSS_URL: `${feedServer.url}/epss.csv.gz`,
  };
  // The server's own job: first run 10 s after start (time to sign in and take a baseline).
  api = await startApiServer(API, { ...feedEnv, FEED_SYNC_INTERVAL_HOURS: '24', FEED_SYNC_DELAY_SECONDS: '10' });
  let serverOutput = '';
  api.child.stdout.on('data', (chunk) => (serverOutput += chunk));
  api.child.stderr.on('data', (chunk) => (serverOutput += chunk));
  const startedAt = Date.now();
  results.startRssMB = memory(api.child.pid).rss;
  const { cookie } = await signIn(api.baseURL);
  const headers = { cookie };

  // Device detail, CONNECTIONS loops one request after another (PAUSE ms apart), random devices.
  const samples = [];
  let loading = true;
  const load = async (seed) => {
    const r = prng(seed);
    while (loading) {
      const uid = uids[r.int(0, uids.length - 1)];
      const start = performance.now();
      try {
        const response = await fetch(`${api.baseURL}/api/v1/tenants/${tenantUid}/devices/${uid}/`, { headers });
        await response.arrayBuffer();
        samples.push({ at: Date.now(), ms: performance.now() - start, ok: response.status === 200 });
        if (PAUSE > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE));
      } catch {
        samples.push({ at: Date.now(), ms: performance.now() - start, ok: false });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, (_, i) => load(100 + i));

  // Watch the job through GET /v1/feeds/ and the process's memory.
  let syncStart = null;
  let syncEnd = null;
  let state;
  let maxRss = 0;
  // GET /feeds/ answers other than 200 while watching (status or error name → count).
  const pollFailures = new Map();
  // How long each GET /feeds/ took while the sync ran (Settings › Vulnerability feed loads it).
  const pollMs = [];
  // The RSS's high point in each part of the sync: until the OSV feed's switch ends, then after it
  // (the re-match of the devices, KEV, EPSS); where to look for the memory.
  const phasePeak = { osv: 0, afterSwitch: 0 };
  const switched = () => {
    const osv = state?.sources.find((s) => s.name === 'osv:Debian');
    return syncStart !== null && Date.parse(osv?.last_success_at ?? '') >= syncStart;
  };
  while (syncEnd === null) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (api.child.exitCode !== null || api.child.signalCode !== null) {
      loading = false;
      throw new Error(
        `the API process ended (${api.child.exitCode ?? api.child.signalCode}) during the sync:\n${serverOutput.slice(-3000)}`,
      );
    }
    const { rss } = memory(api.child.pid);
    maxRss = Math.max(maxRss, rss);
    if (syncStart !== null) {
      const phase = switched() ? 'afterSwitch' : 'osv';
      phasePeak[phase] = Math.max(phasePeak[phase], rss);
    }
    const asked = performance.now();
    try {
      const response = await fetch(`${api.baseURL}/api/v1/feeds/`, { headers, signal: AbortSignal.timeout(60_000) });
      if (syncStart !== null) pollMs.push(performance.now() - asked);
      // PGlite: while the switch holds the one connection, requests end in 503 (REQUEST_TIMEOUT_SECONDS).
      if (!response.ok) {
        pollFailures.set(response.status, (pollFailures.get(response.status) ?? 0) + 1);
        continue;
      }
      state = await response.json();
    } catch (error) {
      pollFailures.set(error.name, (pollFailures.get(error.name) ?? 0) + 1);
      continue; // no answer yet (PGlite: the switch holds the one connection); ask again
    }
    if (state.sync.running && syncStart === null) syncStart = Date.now();
    // Every poll while it ran failed: its start is the attempt the job recorded.
    const attempt = Date.parse(state.sources.find((s) => s.name === 'osv:Debian')?.last_attempt_at ?? '');
    if (!state.sync.running && syncStart === null && attempt >= startedAt) syncStart = attempt;
    if (!state.sync.running && syncStart !== null) syncEnd = Date.now();
    if (Date.now() - startedAt > 40 * 60_000)
      throw new Error(`the sync did not end within 40 minutes (failed polls: ${JSON.stringify([...pollFailures])})`);
  }
  loading = false;
  await Promise.all(loops);
  const { peak } = memory(api.child.pid);
  const osv = state.sources.find((s) => s.name === 'osv:Debian');
  if (osv?.last_error) throw new Error(`the sync failed: ${osv.last_error}`);
  const osvSeconds = (Date.parse(osv.last_success_at) - Date.parse(osv.last_attempt_at)) / 1000;
  const during = samples
    .filter((s) => s.at >= syncStart && s.at <= syncEnd)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const baseline = samples
    .filter((s) => s.at < syncStart)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const errors = samples.filter((s) => !s.ok).length;
  Object.assign(results, {
    syncSeconds: (syncEnd - syncStart) / 1000,
    osvSeconds,
    recordsPerSecond: RECORDS / osvSeconds,
    peakRssMB: peak,
    sampledMaxRssMB: maxRss,
    sampledPeakRssMB: phasePeak,
    detailDuring: {
      requests: during.length,
      p50: percentile(during, 50),
      p95: percentile(during, 95),
      p99: percentile(during, 99),
      max: during.at(-1),
      errors,
    },
    detailBaseline: { requests: baseline.length, p50: percentile(baseline, 50), p95: percentile(baseline, 95) },
  });
  console.log(
    `first sync by the server's job: ${results.syncSeconds.toFixed(1)} s in all (±0.25 s); download + import + switch of osv:Debian ${osvSeconds.toFixed(1)} s, ${fmt(results.recordsPerSecond)} records/s`,
  );
  console.log(
    `  ${fmt(osv.records)} records in the feed; peak RSS of the API process ${fmt(peak)} MB (target ≤ 512 MB; ${fmt(results.startRssMB)} MB once started)`,
  );
  console.log(
    `  sampled every 250 ms: ${fmt(phasePeak.osv)} MB at most until the OSV switch ended, ${fmt(phasePeak.afterSwitch)} MB after it (re-match, KEV, EPSS)`,
  );
  console.log(
    `device detail while it ran (${CONNECTIONS} loops${PAUSE > 0 ? `, ${PAUSE} ms apart` : ''}, ${fmt(during.length)} requests, ${errors} errors): p50 ${ms(percentile(during, 50))}  p95 ${ms(percentile(during, 95))}  p99 ${ms(percentile(during, 99))}  max ${ms(during.at(-1))}`,
  );
  console.log(
    `  before it (baseline, ${fmt(baseline.length)} requests): p50 ${ms(percentile(baseline, 50))}  p95 ${ms(percentile(baseline, 95))}`,
  );
  pollMs.sort((a, b) => a - b);
  results.feedPoll = { requests: pollMs.length, p50: percentile(pollMs, 50), p95: percentile(pollMs, 95), max: pollMs.at(-1) };
  console.log(
    pollMs.length === 0
      ? 'GET /feeds/ while it ran: no answer'
      : `GET /feeds/ while it ran (${fmt(pollMs.length)} answers): p50 ${ms(percentile(pollMs, 50))}  p95 ${ms(percentile(pollMs, 95))}  max ${ms(pollMs.at(-1))}`,
  );
  if (pollFailures.size > 0)
    console.log(
      `  GET /feeds/ (the watch on the job) failed meanwhile: ${[...pollFailures].map(([k, n]) => `${k} ×${n}`).join(', ')}`,
    );
  results.feedPollFailures = Object.fromEntries(pollFailures);
  await api.stop();
  api = undefined;

  // 1% of the records revised: `sync-feeds` from the CLI (the embedded database allows one process).
  files.set('/Debian/all.zip', zipB);
  t = performance.now();
  // Not spawnSync: this process serves the feed.
  // Started as `npm run cli` starts it; its resident set sampled (its peak is gone once it exits).
  const run = await new Promise((resolve) => {
    const child = spawn(process.execPath, [join(API, 'cli.js'), 'sync-feeds'], { env: apiProcessEnv(feedEnv) });
    let stdout = '';
    let stderr = '';
    let rss = 0;
    const sampling = setInterval(() => {
      try {
        rss = Math.max(rss, memory(child.pid).peak);
      } catch {
        // exited between two samples
      }
    }, 250);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (status) => {
      clearInterval(sampling);
      resolve({ status, stdout, stderr, rss });
    });
  });
  if (run.status !== 0) throw new Error(`sync-feeds failed (${run.status}): ${run.stderr}`);
  results.changeSeconds = seconds(t);
  results.changePeakRssMB = run.rss;
  const rematch = /^Re-matched ([\d,]+) devices: .* in ([\d.]+) s$/m.exec(run.stdout);
  results.rematchDevices = Number(rematch?.[1].replace(/,/g, '') ?? 0);
  results.rematchSeconds = Number(rematch?.[2] ?? NaN);
  console.log(
    `sync-feeds after a 1% change: ${results.changeSeconds.toFixed(1)} s in all; re-match of ${fmt(results.rematchDevices)} devices ${results.rematchSeconds.toFixed(1)} s; peak RSS of the CLI ≥ ${fmt(run.rss)} MB (sampled every 250 ms)`,
  );
  console.log(`  ${run.stdout.trim().split('\n').join('\n  ')}`);
  writeResults('feeds', results);
} finally {
  await api?.stop();
  await feedServer?.close();
  rmSync(work, { recursive: true, force: true });
  removeDataDir();
}
