// One ~100 MB CycloneDX upload (≈900,000 components) and a burst of five, against the built API:
// how long the server's event loop is held up, how detail GETs fare meanwhile, and memory.
// Not a test: it prints figures.
//
//   node bench/insights-big-upload.mjs [--components 900000] [--burst 5]
//
// Runs `api/dist` (build first: pnpm --filter @console/api build) on a temporary DATA_DIR
// (embedded PGlite), or on DATABASE_URL when set (a fresh database), with the server's defaults
// (INSIGHTS_UPLOAD_CONCURRENCY, INSIGHTS_UPLOAD_QUEUE as set in the environment, else 1 and 2).
// The server is started with bench/lib/loop-delay.mjs preloaded, which logs its event-loop delay.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn, startApiServer } from './lib/api-server.mjs';
import { processMemoryKB } from './lib/process-memory.mjs';
import { API, benchArgs, benchDatabase, percentile, ROOT, writeResults } from './lib/setup.mjs';

const { components: COMPONENTS, burst: BURST } = benchArgs(
  'Usage: node bench/insights-big-upload.mjs [--components N] [--burst N]',
  {
    components: 900000,
    burst: 5,
  },
);
const { engine, env, removeDataDir } = benchDatabase('big-upload', 'lib/insights/scan-worker.js');

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value) => `${value.toFixed(0)} ms`;

/** npm components as terse as real generators write them: about 113 bytes each. */
function generate(count) {
  const head =
    '{"bomFormat":"CycloneDX","specVersion":"1.6","serialNumber":"urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79",' +
    '"metadata":{"component":{"type":"application","name":"big-app","version":"1.0.0"}},"components":[';
  const out = Buffer.allocUnsafe(head.length + count * 140 + 8);
  let at = out.write(head);
  for (let i = 0; i < count; i++) {
    const name = `p${i}`;
    const version = `${i % 13}.${i % 31}.${i % 7}`;
    at += out.write(
      `${i === 0 ? '' : ','}{"type":"library","bom-ref":"${name}@${version}","name":"${name}","version":"${version}","purl":"pkg:npm/${name}@${version}"}`,
      at,
    );
  }
  at += out.write(']}\n', at);
  return out.subarray(0, at);
}

/** Resident set now and the peak since the process started, in bytes. */
function memory(pid) {
  const { rss, peak } = processMemoryKB(pid);
  return { rss: rss * 1024, peak: peak * 1024 };
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const file = generate(COMPONENTS);
console.log(
  `INSIGHTS big upload bench: ${COMPONENTS.toLocaleString('en-US')} components, ${mb(file.length)} of CycloneDX; burst of ${BURST}`,
);

const delayFile = join(tmpdir(), `console-bench-loop-delay-${process.pid}.log`);
const { child, baseURL, stop } = await startApiServer(
  API,
  { ...env, BENCH_LOOP_DELAY_FILE: delayFile },
  { nodeArgs: ['--import', join(ROOT, 'bench', 'lib', 'loop-delay.mjs')] },
);
console.log(`engine: ${engine}; load average before: ${load()}`);

/** Max event-loop delay the server logged between two epoch times (its 100 ms windows ending in them). */
const loopDelay = (from, to) => {
  const windows = readFileSync(delayFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' ').map(Number))
    .filter(([time]) => time >= from && time <= to + 200);
  return windows.reduce((max, [, delay]) => Math.max(max, delay), 0);
};

try {
  const { cookie, csrf } = await signIn(baseURL);
  const createReport = async (name) => {
    const response = await fetch(`${baseURL}/api/v1/insights/reports/`, {
      method: 'POST',
      headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (response.status !== 201) throw new Error(`create report: ${response.status} ${await response.text()}`);
    return await response.json();
  };
  const upload = async (report, body = file) => {
    const form = new FormData();
    form.append('sbom', new Blob([body], { type: 'application/json' }), 'bom.json');
    try {
      const response = await fetch(`${baseURL}/api/v1/insights/cli/scan`, {
        method: 'POST',
        headers: { 'x-api-key': report.token },
        body: form,
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    } catch (error) {
      return { status: `connection error (${error.cause?.code ?? error.message})`, body: {} };
    }
  };
  /** Samples RSS every 50 ms while `work` runs; detail GETs every 25 ms, not waiting for each other. */
  const measure = async (report, work) => {
    const before = memory(child.pid).rss;
    let peak = before;
    let done = false;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory(child.pid).rss);
    }, 50);
    const started = Date.now();
    const t0 = performance.now();
    const result = work().finally(() => {
      done = true;
    });
    const times = [];
    const gets = [];
    while (!done) {
      gets.push(
        (async () => {
          const start = performance.now();
          const response = await fetch(`${baseURL}/api/v1/insights/reports/${report.uid}/`, { headers: { cookie } });
          await response.arrayBuffer();
          times.push(response.status === 200 ? performance.now() - start : Infinity);
        })(),
      );
      await sleep(25);
    }
    const value = await result;
    await Promise.all(gets);
    const total = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, memory(child.pid).rss);
    times.sort((a, b) => a - b);
    return {
      value,
      total,
      before,
      peak,
      growth: peak - before,
      loopDelay: loopDelay(started, Date.now()),
      gets: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1),
    };
  };

  // Warm-up: a small upload loads the route's modules and a worker.
  await upload(await createReport('Warm-up'), generate(1000));

  const one = await createReport('Big upload');
  const single = await measure(one, () => upload(one));
  if (single.value.status !== 200) throw new Error(`upload: ${single.value.status} ${JSON.stringify(single.value.body)}`);
  console.log(
    `one upload: ${single.value.status}, ${(single.total / 1000).toFixed(1)} s; stored ${single.value.body.sbom.components.toLocaleString('en-US')} components`,
  );
  console.log(
    `  server event-loop delay max ${ms(single.loopDelay)}; report detail GETs during it: ${single.gets}, p50 ${ms(single.p50)}, p95 ${ms(single.p95)}, max ${ms(single.max)}`,
  );
  console.log(
    `  RSS ${mb(single.before)} → peak ${mb(single.peak)}: growth ${mb(single.growth)} = ${(single.growth / file.length).toFixed(2)}× the file (target ≤ 4×)`,
  );

  const reports = await Promise.all(Array.from({ length: BURST }, (_, i) => createReport(`Burst ${i}`)));
  const burst = await measure(reports[0], () => Promise.all(reports.map((report) => upload(report))));
  const statuses = burst.value.map((answer) => answer.status);
  const refused = burst.value.filter((answer) => answer.status === 503);
  console.log(
    `${BURST} uploads at once: ${(burst.total / 1000).toFixed(1)} s; statuses ${statuses.join(', ')}: ${refused.length} refused with 503` +
      (refused.length > 0 ? ` (Retry-After ${refused[0].retryAfter}, "${refused[0].body.detail}")` : ''),
  );
  console.log(
    `  server event-loop delay max ${ms(burst.loopDelay)}; report detail GETs: ${burst.gets}, p95 ${ms(burst.p95)}, max ${ms(burst.max)}`,
  );
  console.log(`  RSS ${mb(burst.before)} → peak ${mb(burst.peak)}: growth ${mb(burst.growth)}`);
  console.log(`load average after: ${load()}`);

  writeResults('insights-big-upload', {
    components: COMPONENTS,
    fileBytes: file.length,
    engine,
    single: { ...single, value: undefined, status: single.value.status },
    burst: { ...burst, value: undefined, statuses },
  });
} finally {
  await stop();
  removeDataDir();
  rmSync(delayFile, { force: true });
}
