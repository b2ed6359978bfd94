// The analyst's day at scale (issue 12): a tenant with 100,000 alerts. Filtered alert-list calls
// (several filters, orderings and pages: p50/p95), one bulk close of 10,000 alerts (time), and the
// CSV export of all 100,000 rows (time, and the API process's peak RSS while it streams). Not a
// test: it prints figures.
//
//   node bench/alerts.mjs [--alerts 100000] [--close 10000] [--requests 200] [--without-word-index]
//
// --without-word-index drops the alert search's word index (migration 0030) before the alerts are
// written: what that index costs the writes is the difference in the seeding time.
// Runs the built API (`api/dist`; build first: pnpm --filter @console/api build) on a temporary
// DATA_DIR (embedded PGlite), or, when DATABASE_URL is set, on a throw-away database it creates on
// that PostgreSQL server (and drops at the end). The alerts are written through the API's own
// modules before the server starts (the embedded database allows one process at a time).
// Loopback only.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { signIn, startApiServer } from './lib/api-server.mjs';
import { processMemoryKB } from './lib/process-memory.mjs';
import {
  API,
  benchArgs,
  benchDatabase,
  importApi,
  importSql,
  percentile,
  prng,
  ROOT,
  wholeNumbers,
  withSeededDatabase,
  writeResults,
} from './lib/setup.mjs';

const {
  alerts: ALERTS,
  close: CLOSE,
  requests: REQUESTS,
  'without-word-index': WITHOUT_WORD_INDEX,
} = benchArgs(
  'Usage: node bench/alerts.mjs [--alerts N] [--close N (≤ 10000, ≤ alerts)] [--requests N] [--without-word-index]',
  { alerts: 100_000, close: 10_000, requests: 200 },
  {
    options: { 'without-word-index': { type: 'boolean', default: false } },
    valid: (counts) => wholeNumbers(Object.values(counts)) && counts.close <= Math.min(10_000, counts.alerts),
  },
);

const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'];
const RULES = Array.from({ length: 24 }, (_, i) => `Bench rule ${String(i + 1).padStart(2, '0')}`);
const DAY_MS = 86_400_000;
const NOW = Date.now();

const ms = (n) => `${n.toFixed(1)} ms`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

/** On PostgreSQL: a database of our own on DATABASE_URL's server, dropped by `drop()`. */
async function throwAwayPostgres(adminUrl) {
  const postgres = createRequire(join(ROOT, 'api', 'package.json'))('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `console_bench_alerts_${randomBytes(6).toString('hex')}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** The demo data, then ALERTS alerts on the demo tenant's devices; resolves with the uids to close. */
async function prepare(env) {
  const { analyzeDetectTables } = await importApi('lib/detect/seed.js');
  return withSeededDatabase(env, { honeynet: false }, async ({ db, tenantUid, schema }) => {
    const all = await db.select({ uid: schema.devices.uid, tenant: schema.devices.tenantUid }).from(schema.devices);
    const devices = all.filter((device) => device.tenant === tenantUid);
    const toClose = [];
    const r = prng(12);
    if (WITHOUT_WORD_INDEX) {
      const sql = await importSql();
      await db.execute(sql`DROP INDEX alerts_search_words_idx`);
    }
    const started = performance.now();
    for (let i = 0; i < ALERTS; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, ALERTS - i) }, (_, j) => {
        const n = i + j;
        const priority = r.pick(PRIORITIES);
        const rule = r.pick(RULES);
        return {
          tenantUid,
          deviceUid: r.pick(devices).uid,
          name: `${rule}: suspicious activity #${n}`,
          status: r.next() < 0.7 ? 'OPEN' : 'CLOSED',
          priority,
          priorityRank: 4 - PRIORITIES.indexOf(priority),
          description: `Bench alert ${n} raised by ${rule}`,
          eventData: { 'process.command_line': `/usr/bin/bench --n ${n}`, 'host.name': `bench-${n % 97}` },
          elasticRuleName: rule,
          elasticRuleId: `rule-${RULES.indexOf(rule)}`,
          elasticAlertId: `bench-${n}`,
          elasticAlertCreatedAt: new Date(NOW - r.int(0, 90 * DAY_MS)),
        };
      });
      const inserted = await db
        .insert(schema.alerts)
        .values(batch)
        .returning({ uid: schema.alerts.uid, status: schema.alerts.status });
      for (const row of inserted) if (row.status === 'OPEN' && toClose.length < CLOSE) toClose.push(row.uid);
    }
    await analyzeDetectTables(db);
    const seconds = (performance.now() - started) / 1000;
    return { tenantUid, devices: devices.map((d) => d.uid), toClose, seconds };
  });
}

/** The list calls an analyst makes: filters alone and together, orderings, first and deep pages. */
function listQueries(devices) {
  const since = (days) => new Date(NOW - days * DAY_MS).toISOString();
  const q = (name, params) => ({ name, params: new URLSearchParams(params).toString() });
  return [
    q('no filter, page 1', { limit: '25' }),
    q('status OPEN, page 1', { status: 'OPEN', limit: '25' }),
    q('status OPEN, page 200', { status: 'OPEN', limit: '25', offset: String(25 * 199) }),
    q('priority Critical,High', { priority: 'Critical,High', limit: '25' }),
    q('device', { device: devices[0], limit: '25' }),
    q('rule + status', { rule: RULES[3], status: 'OPEN', limit: '25' }),
    q('last 7 days, by priority', { created_after: since(7), ordering: '-priority', limit: '50' }),
    q('time range + priority + status, page 3', {
      created_after: since(30),
      created_before: since(10),
      priority: 'High',
      status: 'OPEN',
      limit: '25',
      offset: '50',
    }),
    q('search', { search: 'suspicious activity #4242', limit: '25' }),
    q('ordering by device, page 40', { ordering: 'device_hostname', limit: '50', offset: String(50 * 39) }),
  ];
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1), n: sorted.length };
}

/** Resident memory of `pid` (kB): now and the peak since the last clear_refs. */
const memory = processMemoryKB;

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  const pg = adminUrl ? await throwAwayPostgres(adminUrl) : null;
  if (pg) process.env.DATABASE_URL = pg.url;
  const { dataDir, engine, env, removeDataDir } = benchDatabase('alerts', 'lib/detect/alert-status.js');
  const figures = { engine: dataDir ? 'pglite' : 'postgresql', alerts: ALERTS, loadavg: { before: loadavg() } };
  let server;
  try {
    console.log(`alerts bench on ${pg ? 'PostgreSQL (a throw-away database on DATABASE_URL)' : engine}; ${load()}`);
    const seeded = await prepare(env);
    figures.seed_seconds = seeded.seconds;
    figures.word_index = !WITHOUT_WORD_INDEX;
    const wordIndex = WITHOUT_WORD_INDEX ? ' (without the word index: --without-word-index)' : '';
    console.log(`seeded ${ALERTS.toLocaleString('en-US')} alerts in ${seeded.seconds.toFixed(1)} s${wordIndex}`);

    server = await startApiServer(API, env);
    const { cookie, csrf } = await signIn(server.baseURL);
    const base = `${server.baseURL}/api/v1/tenants/${seeded.tenantUid}/alerts`;

    // Filtered list: every query once to warm up, then REQUESTS calls round the list.
    const queries = listQueries(seeded.devices);
    const get = async (params) => {
      const start = performance.now();
      const response = await fetch(`${base}/?${params}`, { headers: { cookie } });
      const body = await response.json();
      if (response.status !== 200) throw new Error(`list ${params}: ${response.status} ${JSON.stringify(body)}`);
      return { time: performance.now() - start, count: body.count };
    };
    for (const query of queries) query.count = (await get(query.params)).count;
    const times = [];
    const perQuery = new Map(queries.map((query) => [query.name, []]));
    for (let i = 0; i < REQUESTS; i += 1) {
      const query = queries[i % queries.length];
      const { time } = await get(query.params);
      times.push(time);
      perQuery.get(query.name).push(time);
    }
    figures.list = { all: stats(times), queries: {} };
    console.log(`\nfiltered alert list (${REQUESTS} calls one after another, ${queries.length} kinds):`);
    console.log(`  all: p50 ${ms(figures.list.all.p50)}  p95 ${ms(figures.list.all.p95)}  max ${ms(figures.list.all.max)}`);
    for (const query of queries) {
      const s = stats(perQuery.get(query.name));
      figures.list.queries[query.name] = { ...s, matching: query.count };
      console.log(
        `  ${query.name.padEnd(40)} p50 ${ms(s.p50).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  (${query.count.toLocaleString('en-US')} matching)`,
      );
    }

    // CSV export of every alert, streamed: time to the last byte, rows, and the server's peak RSS.
    const pid = server.child.pid;
    let peakReset = true;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    } catch {
      peakReset = false;
    }
    const before = memory(pid);
    let sampled = before.rss;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memory(pid).rss)), 20);
    const exportStart = performance.now();
    const response = await fetch(`${base}/export.csv`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    const firstByte = performance.now() - exportStart;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const exportMs = performance.now() - exportStart;
    clearInterval(sampler);
    const after = memory(pid);
    const peak = peakReset ? after.peak : Math.max(sampled, after.rss);
    figures.export = {
      ms: exportMs,
      first_byte_ms: firstByte,
      bytes,
      lines,
      rss_before_kb: before.rss,
      peak_rss_kb: peak,
      peak_from: peakReset ? 'VmHWM' : 'sampled',
    };
    console.log(
      `\nCSV export of every alert of the tenant: ${(exportMs / 1000).toFixed(2)} s (first byte ${ms(firstByte)}), ${lines.toLocaleString('en-US')} lines, ` +
        `${(bytes / 1048576).toFixed(1)} MiB; API RSS ${mb(before.rss)} before, peak ${mb(peak)} (${figures.export.peak_from})`,
    );
    const total = queries[0].count; // the demo tenant's own alerts besides ours
    if (lines !== total + 1) throw new Error(`export: ${lines} lines, expected ${total + 1} (header + rows)`);

    // Bulk close: CLOSE open alerts by uid in one call.
    const closeStart = performance.now();
    const closed = await fetch(`${base}/bulk-status/`, {
      method: 'POST',
      headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'CLOSED', comment: 'bench: bulk close', uids: seeded.toClose }),
    });
    const answer = await closed.json();
    const closeMs = performance.now() - closeStart;
    if (closed.status !== 200 || answer.changed !== seeded.toClose.length) {
      throw new Error(`bulk close: ${closed.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
    figures.bulk_close = { ms: closeMs, changed: answer.changed };
    console.log(
      `\nbulk close of ${answer.changed.toLocaleString('en-US')} alerts (one history entry each): ${(closeMs / 1000).toFixed(2)} s`,
    );
    figures.loadavg.after = loadavg();
    console.log(`\n${load()}`);
    writeResults('alerts', figures);
  } finally {
    await server?.stop();
    removeDataDir();
    await pg?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
