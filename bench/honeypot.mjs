// Honeynet ingest and metrics at scale: streams generated Cowrie events to the built API over
// HTTP, then times every read of the Threat Landscape page (metrics, trend, origins, top lists,
// sessions with and without a filter, one session, sensors, CSV and STIX exports) with the default
// range and with 30 days. Not a test: it prints figures.
//
//   node bench/honeypot.mjs [--events 5000000] [--batch 20000] [--calls 200] [--export-calls 20]
//   node bench/honeypot.mjs --events 200000        # quick mode
//   node bench/honeypot.mjs --data-dir DIR          # PGlite in DIR, kept for a later --reads-only
//   node bench/honeypot.mjs --reads-only --data-dir DIR   # the reads again (or DATABASE_URL=…)
//   node bench/honeypot.mjs --direct                # load without HTTP (faster set-up, see below)
//
// --direct loads the same generated events through the API's own ingest module (ingestStream →
// storeEvents, the code path of POST /api/v1/honeypot/events/ minus HTTP and NDJSON transport) in
// batches of --batch, before the server starts: it saves time when only the reads are measured.
// Its events/s is not the HTTP ingest rate.
//
// Runs `api/dist` (build first: node scripts/build.mjs) on a temporary DATA_DIR (embedded
// PGlite), or on DATABASE_URL when set. A sensor key comes from the CLI, as an operator makes one.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signIn, startApiServer } from './lib/api-server.mjs';
import {
  API,
  benchArgs,
  benchDatabase,
  importApi,
  importSql,
  percentile,
  withSeededDatabase,
  writeResults,
} from './lib/setup.mjs';

const {
  events: EVENTS,
  batch: BATCH,
  calls: CALLS,
  'export-calls': EXPORT_CALLS,
  'reads-only': READS_ONLY,
  'data-dir': KEEP_DIR,
  direct: DIRECT,
} = benchArgs(
  'Usage: node bench/honeypot.mjs [--events N] [--batch N] [--calls N] [--export-calls N] [--data-dir DIR] [--reads-only | --direct]',
  { events: 5000000, batch: 20000, calls: 200, 'export-calls': 20 },
  {
    options: {
      'reads-only': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      direct: { type: 'boolean', default: false },
    },
  },
);
if (READS_ONLY && !process.env.DATABASE_URL && KEEP_DIR === undefined) {
  console.error('--reads-only times the reads on the database of an earlier run: give its --data-dir, or DATABASE_URL');
  process.exit(2);
}
const database = benchDatabase('honeypot', 'lib/honeypot/generator.js');
// --data-dir: a PGlite folder of our own, kept (a later run times the reads again without re-ingesting).
if (KEEP_DIR !== undefined && !process.env.DATABASE_URL) {
  database.removeDataDir();
  Object.assign(database, {
    dataDir: KEEP_DIR,
    engine: `PGlite (${KEEP_DIR}, kept)`,
    env: { ...database.env, DATA_DIR: KEEP_DIR },
    removeDataDir() {},
  });
}
const { dataDir, engine, env, removeDataDir } = database;

const { cowrieSessions } = await importApi('lib/honeypot/generator.js');

function cli(...args) {
  const result = spawnSync(process.execPath, [join(API, 'cli.js'), ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cli ${args[0]} failed: ${result.stderr}`);
  return result.stdout.trim();
}

const fmt = (n) => n.toLocaleString('en-US');

console.log(
  READS_ONLY
    ? `honeypot bench: reads only (the data of an earlier run), ${CALLS} calls per read (${EXPORT_CALLS} per export), ${engine}`
    : `honeypot bench: ${fmt(EVENTS)} events in ${DIRECT ? 'store batches' : 'requests'} of ${fmt(BATCH)}, ${CALLS} calls per read (${EXPORT_CALLS} per export), ${engine}`,
);
const key = READS_ONLY ? undefined : cli('create-sensor-key', '--name', 'bench');
let t = performance.now();
/** 14 days of generated sessions with enough events for EVENTS (the mean measured on a sample). */
function generatedSessions(now) {
  let sampled = 0;
  for (const session of cowrieSessions({ seed: 1, sessions: 2000, from: 0, to: 1 })) sampled += session.length;
  const sessionCount = Math.ceil((EVENTS / (sampled / 2000)) * 1.02);
  return cowrieSessions({
    seed: 4242,
    sessions: sessionCount,
    from: now - 14 * 86_400_000 + 3_600_000,
    to: now - 60_000,
  });
}

const POSTGRES = Boolean(process.env.DATABASE_URL);

/**
 * CPU seconds used so far by the server processes of this database's connections (user + system,
 * from /proc: the bench's server is local). Background processes (WAL writer, checkpointer) are not counted.
 */
async function backendCpu(db, sql, rowsOf) {
  const pids = rowsOf(await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`));
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // not on this machine, or already gone
    }
  }
  return ticks / 100; // USER_HZ
}

/** --direct: EVENTS events through the API's ingest module, before the server starts (PGlite is single-process). */
async function ingestDirect() {
  const { ingestStream, emptyResult } = await importApi('lib/honeypot/ingest.js');
  const { IpDatabase } = await importApi('lib/honeypot/ip-database.js');
  return await withSeededDatabase(env, {}, async ({ db }) => {
    const sql = await importSql();
    const { rowsOf } = await importApi('lib/sql-rows.js');
    const [{ id: keyId }] = rowsOf(await db.execute(sql`SELECT id FROM honeypot_sensor_keys WHERE name = 'bench'`));
    const sessions = generatedSessions(Date.now());
    const ipDatabase = new IpDatabase();
    let sent = 0;
    async function* chunks() {
      while (sent < EVENTS) {
        const lines = [];
        while (lines.length < BATCH && sent + lines.length < EVENTS) {
          const next = sessions.next();
          if (next.done) break;
          for (const event of next.value) lines.push(JSON.stringify(event));
        }
        if (lines.length === 0) return;
        sent += lines.length;
        yield `${lines.join('\n')}\n`;
      }
    }
    // CPU as well as wall time: on a shared machine the wall time is mostly other work's load.
    const backendSeconds = POSTGRES ? await backendCpu(db, sql, rowsOf) : 0;
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const result = await ingestStream(
      db,
      chunks(),
      {
        retentionDays: 30,
        defaultSensor: 'bench',
        sensorKeyId: keyId,
        geo: ipDatabase.lookup,
        prepareGeo: async () => {
          await ipDatabase.load();
        },
        batchSize: BATCH,
        maxBytes: Number.MAX_SAFE_INTEGER,
        maxLines: Number.MAX_SAFE_INTEGER,
      },
      emptyResult(),
    );
    const ingestSeconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const nodeCpu = (cpu.user + cpu.system) / 1e6;
    const postgresCpu = POSTGRES ? (await backendCpu(db, sql, rowsOf)) - backendSeconds : null;
    const rate = Math.round(result.accepted / ingestSeconds);
    const perEvent = (seconds) => `${((seconds / result.accepted) * 1e6).toFixed(1)} µs/event`;
    // As an operator would after a bulk load (README): planner statistics for the new rows.
    await db.execute(sql`ANALYZE`);
    console.log(
      `ingest (direct, no HTTP): ${fmt(result.accepted)} accepted, ${fmt(result.duplicates)} duplicates, ${fmt(result.rejected_count)} rejected in ${ingestSeconds.toFixed(1)} s → ${fmt(rate)} events/s`,
    );
    console.log(
      `  CPU: Node ${nodeCpu.toFixed(1)} s (${perEvent(nodeCpu)}, generating the lines included)` +
        (postgresCpu === null ? '' : `, PostgreSQL backends ${postgresCpu.toFixed(1)} s (${perEvent(postgresCpu)})`),
    );
    return {
      accepted: result.accepted,
      duplicates: result.duplicates,
      rejected: result.rejected_count,
      ingestSeconds,
      eventsPerSecond: rate,
      nodeCpuSeconds: nodeCpu,
      postgresCpuSeconds: postgresCpu,
      direct: true,
    };
  });
}
const directIngest = DIRECT && !READS_ONLY ? await ingestDirect() : undefined;
const { baseURL, stop } = await startApiServer(API, env);
console.log(`server up in ${((performance.now() - t) / 1000).toFixed(1)} s (first start seeds the demo data)`);

/** Sends EVENTS generated events; resolves with what the API counted and the rate. */
async function ingest() {
  // Ingest: 14 days of traffic, generated while the previous request is in flight.
  const now = Date.now();
  // Enough sessions for EVENTS events, so the traffic reaches the last 24 h.
  const sessions = generatedSessions(now);
  let sent = 0;
  let accepted = 0;
  let duplicates = 0;
  let rejected = 0;
  let bytes = 0;
  const nextBody = () => {
    const lines = [];
    while (lines.length < BATCH && sent + lines.length < EVENTS) {
      const next = sessions.next();
      if (next.done) break;
      for (const event of next.value) lines.push(JSON.stringify(event));
    }
    sent += lines.length;
    return lines.length === 0 ? undefined : `${lines.join('\n')}\n`;
  };
  const post = async (body) => {
    const response = await fetch(`${baseURL}/api/v1/honeypot/events/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', 'x-api-key': key },
      body,
    });
    if (!response.ok) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
    const result = await response.json();
    accepted += result.accepted;
    duplicates += result.duplicates;
    rejected += result.rejected_count;
  };
  t = performance.now();
  let lastReport = t;
  let body = nextBody();
  while (body !== undefined) {
    bytes += Buffer.byteLength(body);
    const inFlight = post(body);
    body = nextBody();
    await inFlight;
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      console.log(`  ${fmt(sent)} events sent, ${fmt(Math.round(accepted / ((lastReport - t) / 1000)))} events/s so far`);
    }
  }
  const ingestSeconds = (performance.now() - t) / 1000;
  const rate = Math.round(accepted / ingestSeconds);
  console.log(
    `ingest: ${fmt(accepted)} accepted, ${fmt(duplicates)} duplicates, ${fmt(rejected)} rejected, ${(bytes / 1e6).toFixed(0)} MB in ${ingestSeconds.toFixed(1)} s → ${fmt(rate)} events/s`,
  );
  return { accepted, duplicates, rejected, ingestSeconds, eventsPerSecond: rate };
}

try {
  let ingested = directIngest ?? {};
  if (!READS_ONLY && !DIRECT) ingested = await ingest();

  // Reads: signed in as the demo user, each route called one after another after one warm-up.
  const { cookie } = await signIn(baseURL);
  const get = async (path) => {
    const response = await fetch(`${baseURL}/api/v1/${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    // Read the whole body: an export is timed until its last byte (a download, not parsed here).
    return path.startsWith('honeypot/indicators/') ? response.text() : response.json();
  };
  const timeRoute = async (label, path, calls) => {
    const first = await get(path);
    const times = [];
    for (let i = 0; i < calls; i++) {
      const start = performance.now();
      await get(path);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
    console.log(
      `  ${label.padEnd(22)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  (${calls} calls${p95 <= 100 ? '' : ', target MISSED'})`,
    );
    return { first, figures: { p50, p95, p99, calls } };
  };

  const metrics = await get('honeypot-metrics/');
  console.log(
    `  total_attacks ${fmt(metrics.total_attacks)}, top ASN ${metrics.top_asns[0]?.asn} (${fmt(metrics.top_asns[0]?.count ?? 0)})`,
  );
  const routes = {};
  // Every aggregate of the Threat page, with the default range (14 d) and with 30 d; the filters
  // and the session take values the page itself offers (its top lists and newest session).
  for (const range of [undefined, '30d']) {
    const q = (extra = {}) => {
      const params = new URLSearchParams({ ...(range ? { range } : {}), ...extra }).toString();
      return params ? `?${params}` : '';
    };
    console.log(`range ${range ?? 'default (14d)'}: target p95 ≤ 100 ms per route`);
    const timed = {};
    const time = async (label, path, calls = CALLS) => {
      const { first, figures } = await timeRoute(label, path, calls);
      timed[label] = { path, ...figures };
      return first;
    };
    await time('metrics', `honeypot-metrics/${q()}`);
    await time('trend', `honeypot/trend/${q()}`);
    await time('origins', `honeypot/origins/${q()}`);
    const top = await time('top-lists', `honeypot/top-lists/${q()}`);
    const sessions = await time('sessions', `honeypot/sessions/${q()}`);
    await time('sessions ?ip= (top IP)', `honeypot/sessions/${q({ ip: top.source_ips[0].value })}`);
    await time('sessions ?command=', `honeypot/sessions/${q({ command: metrics.top_commands[0].command })}`);
    await time('sessions ?hash=', `honeypot/sessions/${q({ hash: metrics.top_hashes[0].hash })}`);
    await time('session timeline', `honeypot/sessions/${encodeURIComponent(sessions.results[0].id)}/`);
    await time('sensors', `honeypot/sensors/${q()}`);
    await time('indicators CSV', `honeypot/indicators/csv/${q()}`, EXPORT_CALLS);
    await time('indicators STIX', `honeypot/indicators/stix/${q()}`, EXPORT_CALLS);
    routes[range ?? 'default'] = timed;
  }
  const all = Object.values(routes).flatMap((timed) => Object.values(timed));
  const missed = all.filter((figures) => figures.p95 > 100).length;
  console.log(`reads: ${all.length - missed} of ${all.length} routes met p95 ≤ 100 ms${missed ? ` (${missed} MISSED)` : ''}`);

  writeResults('honeypot', {
    events: EVENTS,
    batch: BATCH,
    engine: dataDir ? 'pglite' : 'postgres',
    readsOnly: READS_ONLY,
    ...ingested,
    routesMs: routes,
  });
} finally {
  await stop();
  removeDataDir();
}
