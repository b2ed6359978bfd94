// Where a first feed sync spends its time on PGlite: the same generated all.zip as bench/feeds.mjs,
// synced in this process (no server) while every statement PGlite runs is timed, with
// the bytes the process read (/proc/self/io rchar: PGlite reads table pages from the OS through
// read(2), so a statement that scans a table shows here) and the process's memory. Not a test.
//
//   node bench/feeds-profile.mjs [--records 200000] [--top 15] [--devices 0] [--packages 300] [--keep]
//
// With --devices, that many enrolled Debian machines (as in bench/feeds.mjs, stored by another
// process first) are matched after the switch, so the re-match's statements are timed too. The
// event loop's longest stall is printed: PGlite runs on a thread of its own, so a stall is the
// server's thread busy with its own work (JS between statements), not a statement.
// With --keep the data folder stays (its path is printed) for bench/findings-insert.mjs.
// The sync runs as background work (as the server's job does) while a simulated request, a device
// page that missed the cache, is timed every 100 ms: how long a request waits for the one connection.
//
// PGlite only (a temporary DATA_DIR); PostgreSQL has its own tools (pg_stat_statements).
import { spawnSync } from 'node:child_process';
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cachedZips, startFeedServer } from './lib/debian-feed.mjs';
import { API, benchArgs, benchDatabase, importApi, importSql, wholeNumbers, writeResults } from './lib/setup.mjs';

const {
  records: RECORDS,
  top: TOP,
  devices: DEVICES,
  packages: PACKAGES,
  keep: KEEP,
} = benchArgs(
  'Usage: node bench/feeds-profile.mjs [--records N] [--top N] [--devices N] [--packages N] [--keep]',
  { records: 200000, top: 15, devices: 0, packages: 300 },
  {
    options: { keep: { type: 'boolean', default: false } },
    valid: ({ devices, ...rest }) => wholeNumbers([devices], 0) && wholeNumbers(Object.values(rest)),
  },
);
if (process.env.DATABASE_URL) {
  console.error('feeds-profile profiles the embedded PGlite: unset DATABASE_URL');
  process.exit(2);
}
const { dataDir, env, removeDataDir } = benchDatabase('feeds-profile', 'lib/feeds/sync.js');
const MB = 1024 * 1024;
const rchar = () => Number(/rchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))[1]);

// The API's client of the PGlite thread (db/pglite-thread.js), wrapped: each statement is timed from
// when it is sent to the thread until its answer is back (its run, plus any wait for the one connection).
const { PgliteThread } = await importApi('db/pglite-thread.js');
// A build from before db/priority.ts (to compare with): everything in the foreground.
const { inBackground, isBackground } = await importApi('db/priority.js').catch(() => ({
  inBackground: (work) => work(),
  isBackground: () => true,
}));
const statements = new Map();
let current = '(start)';
// The job's statement of the moment (what a request's statement waits behind).
let job = '(start)';
// The statements that ended since the stall timer last ran (below): what held the loop in a stall.
const sinceTick = new Map();
for (const method of ['query', 'exec']) {
  const original = PgliteThread.prototype[method];
  PgliteThread.prototype[method] = async function timed(text, ...rest) {
    const key = String(text).replace(/\s+/g, ' ').trim().slice(0, 100);
    current = key;
    if (isBackground()) job = key;
    const start = performance.now();
    const read = rchar();
    try {
      return await original.call(this, text, ...rest);
    } finally {
      const entry = statements.get(key) ?? { messages: 0, ms: 0, bytes: 0, longest: 0 };
      const ms = performance.now() - start;
      entry.messages++;
      entry.ms += ms;
      entry.longest = Math.max(entry.longest, ms);
      entry.bytes += rchar() - read;
      statements.set(key, entry);
      const held = sinceTick.get(key) ?? { count: 0, ms: 0 };
      sinceTick.set(key, { count: held.count + 1, ms: held.ms + ms });
    }
  };
}
// How long each transaction holds the one connection (begin to commit): a request's statement
// waits for the whole of one, not only for its statement of the moment.
const transactions = [];
const originalTransaction = PgliteThread.prototype.transaction;
PgliteThread.prototype.transaction = async function timed(callback) {
  let begun;
  let first = '';
  try {
    return await originalTransaction.call(this, (tx) => {
      begun = performance.now();
      const watched = {
        query: (text, ...rest) => ((first ||= String(text).replace(/\s+/g, ' ').trim().slice(0, 90)), tx.query(text, ...rest)),
        exec: (text, ...rest) => ((first ||= String(text).replace(/\s+/g, ' ').trim().slice(0, 90)), tx.exec(text, ...rest)),
      };
      if (isBackground()) job = '(transaction)';
      return callback(watched);
    });
  } finally {
    if (begun !== undefined && isBackground()) transactions.push({ ms: performance.now() - begun, first });
  }
};

const { zipA } = await cachedZips(RECORDS);
const feed = await startFeedServer(new Map([['/Debian/all.zip', zipA]]));
const feedEnv = {
  ...env,
  OSV_BASE_URL: feed.url,
  KEV_URL: `${feed.url}/kev.json`, // 404: the profile is about the OSV feed
  EPSS_URL: `${feed.url}/epss.csv.gz`,
  FEED_ECOSYSTEMS: 'Debian:12',
};
// Create the data folder in another process first: a server opens an existing one (initdb's
// memory is not the sync's).
const init = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const { openConfiguredDatabase } = await import(${JSON.stringify(pathToFileURL(join(API, 'lib/startup.js')).href)});
const { loadConfig } = await import(${JSON.stringify(pathToFileURL(join(API, 'config.js')).href)});
await (await openConfiguredDatabase(loadConfig(process.env))).close();`,
  ],
  { env: feedEnv, stdio: 'inherit' },
);
if (init.status !== 0) throw new Error('could not create the data folder');
if (DEVICES > 0) {
  const devices = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { storeDebianDevices } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'lib', 'debian-feed.mjs')).href)});
await storeDebianDevices(process.env, { devices: ${DEVICES}, packages: ${PACKAGES} });`,
    ],
    { env: feedEnv, stdio: 'inherit' },
  );
  if (devices.status !== 0) throw new Error('could not store the devices');
}

const { loadConfig } = await importApi('config.js');
const { openConfiguredDatabase } = await importApi('lib/startup.js');
const { syncFeeds, syncSettings } = await importApi('lib/feeds/sync.js');
const config = loadConfig(feedEnv);
const database = await openConfiguredDatabase(config);
const opened = process.memoryUsage();
const peak = { rss: 0, heapTotal: 0, external: 0 };
// When the JS heap peaked and what PGlite was running then (the phase that holds the memory).
const heapPeak = { at: 0, statement: '' };
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  if (now.heapTotal > peak.heapTotal) Object.assign(heapPeak, { at: performance.now(), statement: current });
  for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], now[key]);
}, 100);
// What the heap still holds right after each full collection: the live set, where heapTotal above
// also counts garbage V8 had not collected yet (it sizes the heap to the allocation rate).
const live = { max: 0, statement: '' };
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind !== perfConstants.NODE_PERFORMANCE_GC_MAJOR) continue;
    const used = process.memoryUsage().heapUsed;
    if (used > live.max) Object.assign(live, { max: used, statement: current });
  }
});
gcObserver.observe({ entryTypes: ['gc'] });
statements.clear();
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
const start = performance.now();
// The longest stall again, with when it began and the statements that ran in it.
const stall = { ms: 0, at: 0, statements: [] };
let lastTick = start;
sinceTick.clear();
const stallTimer = setInterval(() => {
  const now = performance.now();
  if (now - lastTick > stall.ms)
    Object.assign(stall, {
      ms: now - lastTick,
      at: lastTick - start,
      statements: [...sinceTick].sort((a, b) => b[1].ms - a[1].ms).slice(0, 5),
    });
  sinceTick.clear();
  lastTick = now;
}, 20);
// A request's view: every 100 ms, what a device page that missed the cache reads (deviceDetail:
// its statements one after another), or a one-row statement without devices; timed from send to
// answer. The sync runs as the server's job does (db/priority.ts: requests go first).
const sql = await importSql();
const { deviceDetail } = await importApi('lib/detect/devices.js');
const fleet = (await database.db.execute(sql`SELECT tenant_uid AS "tenantUid", uid FROM devices`)).rows;
const probes = [];
let probing = true;
const probe = (async () => {
  let n = 0;
  while (probing) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = performance.now();
    const device = fleet[n++ % Math.max(1, fleet.length)];
    if (device === undefined) await database.db.execute(sql`SELECT 1`);
    else await deviceDetail(database.db, device.tenantUid, device.uid);
    probes.push({ ms: performance.now() - sent, during: job });
  }
})();
const readAtStart = rchar();
let osv;
try {
  await inBackground(() => syncFeeds(database.db, syncSettings(config), { onFeed: (outcome) => (osv ??= outcome) }));
} finally {
  clearInterval(sampler);
  clearInterval(stallTimer);
  probing = false;
  await probe;
  gcObserver.disconnect();
  loopDelay.disable();
  await database.close();
  await feed.close();
  if (!KEEP) removeDataDir(); // --keep: for bench/findings-insert.mjs
}
const seconds = (performance.now() - start) / 1000;
const readGB = (rchar() - readAtStart) / 1e9;
if (osv?.error) throw new Error(`the sync failed: ${osv.error}`);

const devicesNote = DEVICES > 0 ? ` and a first match of ${DEVICES.toLocaleString('en-US')} devices × ${PACKAGES} packages` : '';
console.log(
  `First sync of ${RECORDS.toLocaleString('en-US')} Debian-like records${devicesNote} on PGlite, in process (${dataDir})`,
);
console.log(`  wall ${seconds.toFixed(1)} s, read ${readGB.toFixed(2)} GB`);
const longest = [...statements].sort((a, b) => b[1].longest - a[1].longest)[0];
const stallMs = loopDelay.max / 1e6;
console.log(
  `  longest event-loop stall ${(stallMs / 1000).toFixed(1)} s (p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms); ` +
    `longest single statement ${((longest?.[1].longest ?? 0) / 1000).toFixed(1)} s: ${longest?.[0].slice(0, 90) ?? '-'}`,
);
console.log(
  `  the longest stall, ${(stall.ms / 1000).toFixed(1)} s from ${(stall.at / 1000).toFixed(0)} s in, ran (statements that ended in it, ` +
    `by time with their wait):`,
);
for (const [text, held] of stall.statements)
  console.log(`  ${(held.ms / 1000).toFixed(1).padStart(7)} s  ${String(held.count).padStart(5)}×  ${text.slice(0, 90)}`);
console.log(
  `  memory once open: rss ${(opened.rss / MB).toFixed(0)} MB (PGlite and other external ${(opened.external / MB).toFixed(0)} MB); ` +
    `peak during the sync: rss ${(peak.rss / MB).toFixed(0)} MB, JS heap ${(peak.heapTotal / MB).toFixed(0)} MB, external ${(peak.external / MB).toFixed(0)} MB`,
);
console.log(`  JS heap peak ${((heapPeak.at - start) / 1000).toFixed(0)} s in, during: ${heapPeak.statement.slice(0, 90)}`);
console.log(
  `  JS heap live after a full collection, at most ${(live.max / MB).toFixed(0)} MB, during: ${live.statement.slice(0, 90)}`,
);
const waits = probes.map((p) => p.ms).sort((a, b) => a - b);
const at = (q) => waits[Math.min(waits.length - 1, Math.floor((q / 100) * waits.length))] ?? 0;
console.log(
  `  ${fleet.length > 0 ? 'a device detail' : 'a one-row statement'} every 100 ms (${waits.length}): p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, ` +
    `p99 ${at(99).toFixed(1)} ms, max ${(waits.at(-1) ?? 0).toFixed(0)} ms; the slowest 5% waited behind the job's:`,
);
const behind = new Map();
for (const p of probes.filter((p) => p.ms >= at(95))) {
  const entry = behind.get(p.during) ?? { n: 0, ms: 0 };
  behind.set(p.during, { n: entry.n + 1, ms: entry.ms + p.ms });
}
for (const [text, b] of [...behind].sort((x, y) => y[1].ms - x[1].ms).slice(0, 6))
  console.log(`  ${String(b.n).padStart(6)}× ${(b.ms / b.n).toFixed(0).padStart(6)} ms avg  ${text.slice(0, 90)}`);
transactions.sort((a, b) => b.ms - a.ms);
const heldMs = transactions.reduce((sum, t) => sum + t.ms, 0);
console.log(
  `  the job's ${transactions.length} transactions held the connection ${(heldMs / 1000).toFixed(1)} s in all; by first statement:`,
);
const kinds = new Map();
for (const t of transactions) {
  const kind = kinds.get(t.first) ?? { n: 0, ms: 0, longest: 0, over100: 0 };
  kinds.set(t.first, {
    n: kind.n + 1,
    ms: kind.ms + t.ms,
    longest: Math.max(kind.longest, t.ms),
    over100: kind.over100 + (t.ms > 100 ? 1 : 0),
  });
}
for (const [first, k] of [...kinds].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6))
  console.log(
    `  ${String(k.n).padStart(6)}× ${(k.ms / 1000).toFixed(1).padStart(6)} s (longest ${(k.longest / 1000).toFixed(2)} s, ${k.over100} over 0.1 s)  ${first}`,
  );
console.log(`  statements by time (a statement's time includes waiting for PGlite's one connection):`);
const ranked = [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, TOP);
for (const [text, s] of ranked)
  console.log(
    `  ${(s.ms / 1000).toFixed(1).padStart(7)} s (longest ${(s.longest / 1000).toFixed(1).padStart(6)} s) ${(s.bytes / 1e9).toFixed(2).padStart(6)} GB  ${text.slice(0, 90)}`,
  );
writeResults('feeds-profile', {
  records: RECORDS,
  devices: DEVICES,
  seconds,
  longestStallSeconds: stallMs / 1000,
  longestStall: {
    seconds: stall.ms / 1000,
    fromSeconds: stall.at / 1000,
    statements: stall.statements.map(([text, held]) => ({ text, count: held.count, seconds: held.ms / 1000 })),
  },
  readGB,
  probe: {
    kind: fleet.length > 0 ? 'deviceDetail' : 'SELECT 1',
    count: waits.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: waits.at(-1) ?? 0,
  },
  longestTransactions: transactions.slice(0, TOP).map((t) => ({ seconds: t.ms / 1000, first: t.first })),
  openRssMB: opened.rss / MB,
  peakRssMB: peak.rss / MB,
  statements: ranked.map(([text, s]) => ({
    text,
    seconds: s.ms / 1000,
    longestSeconds: s.longest / 1000,
    readGB: s.bytes / 1e9,
  })),
  jsHeapPeak: { seconds: (heapPeak.at - start) / 1000, statement: heapPeak.statement },
  jsHeapLiveMB: live.max / MB,
});
