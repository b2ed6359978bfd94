// Enrolment and inventory ingest over HTTP: the device simulator enrols N devices with a
// provision token and sends report rounds of P packages each. Not a test: it prints figures.
//
//   node bench/enrolment.mjs [--devices 1000] [--packages 2000] [--reports 2] [--concurrency 8]
//   node bench/enrolment.mjs --quick        (100 devices, same packages and rounds)
//
// Runs the built API (`api/dist`; build first: pnpm --filter @console/api build) on a temporary
// DATA_DIR (embedded PGlite), or on DATABASE_URL when set (a fresh database is expected). The
// simulator is the API's own (api/dist/lib/detect/simulator.js, also `npm run cli --
// simulate-devices`): gzip JSON bodies, the same enrol + PUT path as a real agent. Round 1 is
// every device's first report (all packages inserted and matched); later rounds resend the
// inventory with new thread figures (packages unchanged, or one upgraded every 5th round).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    devices: { type: 'string' },
    packages: { type: 'string', default: '2000' },
    reports: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '8' },
    quick: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(values.devices ?? (values.quick ? 100 : 1000));
const PACKAGES = Number(values.packages);
const REPORTS = Number(values.reports);
const CONCURRENCY = Number(values.concurrency);
if (![DEVICES, PACKAGES, REPORTS, CONCURRENCY].every((n) => Number.isInteger(n) && n > 0) || PACKAGES > 20000) {
  console.error('Usage: node bench/enrolment.mjs [--quick] [--devices N] [--packages N≤20000] [--reports N] [--concurrency N]');
  process.exit(2);
}
if (!existsSync(join(API, 'lib', 'detect', 'simulator.js'))) {
  console.error('api/dist is missing or stale: run pnpm --filter @console/api build first');
  process.exit(1);
}
const { simulateDevices } = await import(pathToFileURL(join(API, 'lib', 'detect', 'simulator.js')).href);

const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'console-bench-enrol-'));
const env = {
  ...process.env,
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
  CONSOLE_DEMO_PASSWORD: PASSWORD,
  LOG_LEVEL: 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
};
const engine = dataDir ? 'pglite' : 'postgres';

async function provisionToken(baseURL) {
  const login = await fetch(`${baseURL}/api/v1/token/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookies = new Map(login.headers.getSetCookie().map((c) => c.split(';')[0].split('=')));
  const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrftoken': cookies.get('csrftoken'), 'content-type': 'application/json' };
  const profile = await (await fetch(`${baseURL}/api/v1/token/profile/`, { headers })).json();
  const created = await fetch(`${baseURL}/api/v1/tenants/${profile.tenant_uid}/provision-tokens/`, { method: 'POST', headers, body: JSON.stringify({ name: 'bench' }) });
  if (created.status !== 201) throw new Error(`token: ${created.status}`);
  return (await created.json()).token;
}

console.log(`enrolment bench: ${DEVICES.toLocaleString('en-US')} devices × ${PACKAGES.toLocaleString('en-US')} packages, ${REPORTS} report rounds, ${CONCURRENCY} requests in flight, ${dataDir ? `PGlite (${dataDir})` : 'PostgreSQL (DATABASE_URL)'}`);
const { child, baseURL } = await startApiServer(API, env);
let failed = false;
try {
  const token = await provisionToken(baseURL);
  const result = await simulateDevices({
    server: baseURL, token, count: DEVICES, packages: PACKAGES, type: 'linux', reports: REPORTS,
    interval: 0, concurrency: CONCURRENCY, log: (line) => console.log(`  ${line}`),
  });
  console.log(`enrol: ${(result.enrolled / result.enrolSeconds).toFixed(1)} devices/s`);
  for (const round of result.rounds) {
    const kind = round.round === 1 ? 'first reports (insert + match)' : 'repeat reports';
    console.log(`round ${round.round}, ${kind}: ${round.reportsPerSecond.toFixed(1)} reports/s ` +
      `(${Math.round(round.reportsPerSecond * PACKAGES).toLocaleString('en-US')} packages/s, ${(round.bytesSent / round.ok / 1024).toFixed(0)} KiB gzip per report), ${round.failed} failed`);
  }
  if (result.errors.length > 0) console.log(`errors: ${result.errors.join(' | ')}`);
  failed = result.enrolFailed > 0 || result.rounds.some((r) => r.failed > 0);
  const results = join(ROOT, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `enrolment-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ engine, devices: DEVICES, packages: PACKAGES, concurrency: CONCURRENCY, ...result }, null, 2));
  console.log(`results: ${file}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((res) => child.once('exit', res));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
