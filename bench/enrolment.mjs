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
import { signIn, startApiServer } from './lib/api-server.mjs';
import { API, benchArgs, benchDatabase, importApi, wholeNumbers, writeResults } from './lib/setup.mjs';

const {
  devices: DEVICES,
  packages: PACKAGES,
  reports: REPORTS,
  concurrency: CONCURRENCY,
} = benchArgs(
  'Usage: node bench/enrolment.mjs [--quick] [--devices N] [--packages N≤20000] [--reports N] [--concurrency N]',
  // --quick only lowers the default number of devices.
  { devices: process.argv.includes('--quick') ? 100 : 1000, packages: 2000, reports: 2, concurrency: 8 },
  {
    options: { quick: { type: 'boolean', default: false } },
    valid: (counts) => wholeNumbers(Object.values(counts)) && counts.packages <= 20000,
  },
);
const { dataDir, engine, env, removeDataDir } = benchDatabase('enrol', 'lib/detect/simulator.js');
const { simulateDevices } = await importApi('lib/detect/simulator.js');

async function provisionToken(baseURL) {
  const { cookie, csrf } = await signIn(baseURL);
  const headers = { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' };
  const profile = await (await fetch(`${baseURL}/api/v1/token/profile/`, { headers })).json();
  const created = await fetch(`${baseURL}/api/v1/tenants/${profile.tenant_uid}/provision-tokens/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bench' }),
  });
  if (created.status !== 201) throw new Error(`token: ${created.status}`);
  return (await created.json()).token;
}

console.log(
  `enrolment bench: ${DEVICES.toLocaleString('en-US')} devices × ${PACKAGES.toLocaleString('en-US')} packages, ${REPORTS} report rounds, ${CONCURRENCY} requests in flight, ${engine}`,
);
const { baseURL, stop } = await startApiServer(API, env);
let failed;
try {
  const token = await provisionToken(baseURL);
  const result = await simulateDevices({
    server: baseURL,
    token,
    count: DEVICES,
    packages: PACKAGES,
    type: 'linux',
    reports: REPORTS,
    interval: 0,
    concurrency: CONCURRENCY,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`enrol: ${(result.enrolled / result.enrolSeconds).toFixed(1)} devices/s`);
  for (const round of result.rounds) {
    const kind = round.round === 1 ? 'first reports (insert + match)' : 'repeat reports';
    console.log(
      `round ${round.round}, ${kind}: ${round.reportsPerSecond.toFixed(1)} reports/s ` +
        `(${Math.round(round.reportsPerSecond * PACKAGES).toLocaleString('en-US')} packages/s, ${(round.bytesSent / round.ok / 1024).toFixed(0)} KiB gzip per report), ${round.failed} failed`,
    );
  }
  if (result.errors.length > 0) console.log(`errors: ${result.errors.join(' | ')}`);
  failed = result.enrolFailed > 0 || result.rounds.some((r) => r.failed > 0);
  writeResults('enrolment', {
    engine: dataDir ? 'pglite' : 'postgres',
    devices: DEVICES,
    packages: PACKAGES,
    concurrency: CONCURRENCY,
    ...result,
  });
} finally {
  await stop();
  removeDataDir();
}
process.exit(failed ? 1 : 0);
