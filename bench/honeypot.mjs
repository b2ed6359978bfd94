// Honeynet ingest and metrics at scale: streams generated Cowrie events to the built API over
// HTTP, then times GET /api/v1/honeypot-metrics/. Not a test: it prints figures.
//
//   node bench/honeypot.mjs [--events 5000000] [--batch 20000] [--calls 200]
//   node bench/honeypot.mjs --events 200000        # quick mode
//
// Runs `api/dist` (build first: node scripts/build.mjs) on a temporary DATA_DIR (embedded
// PGlite), or on DATABASE_URL when set. A sensor key comes from the CLI, as an operator makes one.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { signIn, startApiServer } from './lib/api-server.mjs';
import { API, benchArgs, benchDatabase, importApi, percentile, writeResults } from './lib/setup.mjs';

const {
  events: EVENTS,
  batch: BATCH,
  calls: CALLS,
} = benchArgs('Usage: node bench/honeypot.mjs [--events N] [--batch N] [--calls N]', {
  events: 5000000,
  batch: 20000,
  calls: 200,
});
const { dataDir, engine, env, removeDataDir } = benchDatabase('honeypot', 'lib/honeypot/generator.js');

const { cowrieSessions } = await importApi('lib/honeypot/generator.js');

function cli(...args) {
  const result = spawnSync(process.execPath, [join(API, 'cli.js'), ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cli ${args[0]} failed: ${result.stderr}`);
  return result.stdout.trim();
}

const fmt = (n) => n.toLocaleString('en-US');

console.log(`honeypot bench: ${fmt(EVENTS)} events in requests of ${fmt(BATCH)}, ${CALLS} metrics calls, ${engine}`);
const key = cli('create-sensor-key', '--name', 'bench');
let t = performance.now();
const { baseURL, stop } = await startApiServer(API, env);
console.log(`server up in ${((performance.now() - t) / 1000).toFixed(1)} s (first start seeds the demo data)`);

try {
  // Ingest: 14 days of traffic, generated while the previous request is in flight.
  const now = Date.now();
  // Enough sessions for EVENTS events (measured on a sample), so the traffic reaches the last 24 h.
  let sampled = 0;
  for (const session of cowrieSessions({ seed: 1, sessions: 2000, from: 0, to: 1 })) sampled += session.length;
  const sessionCount = Math.ceil((EVENTS / (sampled / 2000)) * 1.02);
  const sessions = cowrieSessions({
    seed: 4242,
    sessions: sessionCount,
    from: now - 14 * 86_400_000 + 3_600_000,
    to: now - 60_000,
  });
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

  // Metrics: signed in as the demo user, sequential calls after one warm-up.
  const { cookie } = await signIn(baseURL);
  const get = async () => {
    const response = await fetch(`${baseURL}/api/v1/honeypot-metrics/`, { headers: { cookie } });
    if (!response.ok) throw new Error(`metrics answered ${response.status}`);
    return response.json();
  };
  const metrics = await get();
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await get();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
  console.log(
    `metrics: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${CALLS} calls (target p95 ≤ 100 ms${p95 <= 100 ? ': met' : ': MISSED'})`,
  );
  console.log(
    `  total_attacks ${fmt(metrics.total_attacks)}, top ASN ${metrics.top_asns[0]?.asn} (${fmt(metrics.top_asns[0]?.count ?? 0)})`,
  );

  writeResults('honeypot', {
    events: EVENTS,
    batch: BATCH,
    engine: dataDir ? 'pglite' : 'postgres',
    accepted,
    duplicates,
    rejected,
    ingestSeconds,
    eventsPerSecond: rate,
    metricsMs: { p50, p95, p99, calls: CALLS },
  });
} finally {
  await stop();
  removeDataDir();
}
