// INSIGHTS scan upload and SBOM read at size: a generated CycloneDX 1.6 SBOM with 10,000 components
// and 3,000 vulnerabilities uploaded through HTTP, then GET .../sbom. Not a test: it prints figures.
//
//   node bench/insights-upload.mjs [--components 10000] [--vulnerabilities 3000] [--uploads 3] [--reads 20] [--vulnerable 0] [--feed PATH]
//
// Every upload is analysed against the console's OSV feed. Before the server starts, the bench
// loads npm records into it with `import-osv`: --feed PATH, by default the real npm records of
// ../shared/data/osv/npm when that folder is there, else our own test records (fixtures/test-osv/npm).
// `--vulnerable P` makes P% of the components npm packages at versions those records say are
// affected, so the analysis has matches to add.
//
// Runs the built API (`api/dist`; build first: pnpm --filter @console/api build) on a temporary
// DATA_DIR (embedded PGlite), or on DATABASE_URL when set (a fresh database is expected). The
// report is created and the file uploaded the way a user and the scanner do: sign in, POST a
// report, then multipart POST /api/v1/insights/cli/scan with the report token. Loopback only.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInsightReport, signIn, startApiServer } from './lib/api-server.mjs';
import { generateBom } from './lib/cyclonedx-bom.mjs';
import { API, benchArgs, benchDatabase, importApi, percentile, ROOT, wholeNumbers, writeResults } from './lib/setup.mjs';

const values = benchArgs(
  'Usage: node bench/insights-upload.mjs [--components N] [--vulnerabilities N] [--uploads N] [--reads N] [--vulnerable 0-100] [--feed PATH]',
  { components: 10000, vulnerabilities: 3000, uploads: 3, reads: 20, vulnerable: 0 },
  {
    options: { feed: { type: 'string' } },
    valid: (n) =>
      wholeNumbers([n.components, n.vulnerabilities, n.vulnerable], 0) &&
      wholeNumbers([n.uploads, n.reads]) &&
      n.vulnerable <= 100,
  },
);
const {
  components: COMPONENTS,
  vulnerabilities: VULNERABILITIES,
  uploads: UPLOADS,
  reads: READS,
  vulnerable: VULNERABLE,
} = values;
// Third-party records are read where the team keeps them, never copied into the repository.
const SHARED_NPM = resolve(ROOT, '..', 'shared', 'data', 'osv', 'npm');
const FEED = resolve(values.feed ?? (existsSync(SHARED_NPM) ? SHARED_NPM : join(ROOT, 'fixtures', 'test-osv', 'npm')));
const { dataDir, engine, env, removeDataDir } = benchDatabase('insights', 'lib/insights/scan.js');

const fmt = (n) => n.toLocaleString('en-US');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * npm packages at versions the real npm records of ../shared/data/osv/npm say are affected (for
 * --vulnerable); lodash, minimist, semver and jquery at these versions are affected per our own test
 * records (fixtures/test-osv/npm) too.
 */
const AFFECTED_NPM = [
  ['lodash', '4.17.20'],
  ['minimist', '1.2.5'],
  ['semver', '7.3.8'],
  ['braces', '3.0.2'],
  ['ws', '7.4.6'],
  ['qs', '6.5.2'],
  ['json5', '2.2.1'],
  ['micromatch', '4.0.5'],
  ['tough-cookie', '2.5.0'],
  ['word-wrap', '1.2.3'],
  ['path-to-regexp', '0.1.7'],
  ['request', '2.88.2'],
  ['jquery', '3.3.9'],
  ['node-fetch', '2.6.6'],
  ['@babel/traverse', '7.20.0'],
];

console.log(
  `INSIGHTS upload bench: ${fmt(COMPONENTS)} components (${VULNERABLE}% affected per the feed), ${fmt(VULNERABILITIES)} vulnerabilities, ${UPLOADS} uploads, ${READS} reads, ${engine}`,
);
const file = Buffer.from(
  JSON.stringify(generateBom(COMPONENTS, VULNERABILITIES, { vulnerable: VULNERABLE, affected: AFFECTED_NPM })),
);
console.log(`generated CycloneDX 1.6 SBOM: ${mb(file.length)}`);

// In-process, for the breakdown: parse + check + normalise + serialise + gzip of the same bytes.
const { prepareScan } = await importApi('lib/insights/scan.js');
const prepareTimes = [];
for (let i = 0; i < UPLOADS; i++) {
  const start = performance.now();
  await prepareScan({ sbom: file });
  prepareTimes.push(performance.now() - start);
}

// The feed the uploads are analysed against (the CLI migrates a fresh database first).
const imported = spawnSync(process.execPath, [join(API, 'cli.js'), 'import-osv', FEED], { env, encoding: 'utf8' });
if (imported.status !== 0) throw new Error(`import-osv ${FEED}: ${imported.stderr}`);
console.log(`feed: ${FEED}: ${imported.stdout.split('\n')[0]}`);

const { baseURL, stop } = await startApiServer(API, env);
try {
  const session = await signIn(baseURL);
  const { cookie } = session;
  const report = await createInsightReport(baseURL, session, 'Bench 10k components');

  // 1. Upload through HTTP, as the scanner does: the time from sending to the stored answer.
  const uploadTimes = [];
  let answer;
  for (let i = 0; i < UPLOADS; i++) {
    const form = new FormData();
    form.append('sbom', new Blob([file], { type: 'application/json' }), 'bom.json');
    const start = performance.now();
    const response = await fetch(`${baseURL}/api/v1/insights/cli/scan`, {
      method: 'POST',
      headers: { 'x-api-key': report.token },
      body: form,
    });
    answer = await response.json();
    uploadTimes.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`upload: ${response.status} ${JSON.stringify(answer)}`);
  }
  const upload = median(uploadTimes);
  console.log(
    `upload (HTTP, ${mb(file.length)}): median ${(upload / 1000).toFixed(2)} s of ${UPLOADS} [${uploadTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}] (target ≤ 5 s${upload <= 5000 ? ': met' : ': MISSED'})`,
  );
  console.log(
    `  stored ${fmt(answer.sbom.components)} components, ${fmt(answer.sbom.vulnerabilities)} vulnerabilities ` +
      `(${fmt(answer.sbom.vulnerabilities - VULNERABILITIES)} added by the feed analysis); ` +
      `in-process parse + check + normalise + gzip (no feed analysis): median ${(median(prepareTimes) / 1000).toFixed(2)} s`,
  );

  // 2. GET .../sbom, gzip (what a browser gets) and identity, one request at a time.
  const url = `${baseURL}/api/v1/insights/reports/${report.uid}/sbom`;
  const read = async (encoding) => {
    const times = [];
    let size = 0;
    for (let i = 0; i <= READS; i++) {
      const start = performance.now();
      // undici's fetch would decompress; count the bytes on the wire with a raw request instead.
      const response = await rawGet(url, { cookie, 'accept-encoding': encoding });
      if (i > 0) times.push(performance.now() - start); // first call is the warm-up
      size = response.length;
    }
    times.sort((a, b) => a - b);
    return { size, p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const gz = await read('gzip');
  const raw = await read('identity');
  console.log(
    `GET .../sbom gzip:     ${mb(gz.size)} on the wire, p50 ${gz.p50.toFixed(1)} ms, p95 ${gz.p95.toFixed(1)} ms over ${READS} calls`,
  );
  console.log(
    `GET .../sbom identity: ${mb(raw.size)} on the wire, p50 ${raw.p50.toFixed(1)} ms, p95 ${raw.p95.toFixed(1)} ms over ${READS} calls`,
  );

  writeResults('insights-upload', {
    components: COMPONENTS,
    vulnerabilities: VULNERABILITIES,
    vulnerablePercent: VULNERABLE,
    feed: FEED,
    addedByFeed: answer.sbom.vulnerabilities - VULNERABILITIES,
    engine: dataDir ? 'pglite' : 'postgres',
    fileBytes: file.length,
    uploadMs: { median: upload, all: uploadTimes },
    prepareMs: { median: median(prepareTimes) },
    sbomGzip: gz,
    sbomIdentity: raw,
  });
} finally {
  await stop();
  removeDataDir();
}

/** GET with node:http so the body is counted as sent (compressed or not). */
async function rawGet(url, headers) {
  const { request } = await import('node:http');
  return new Promise((res, rej) => {
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        response.statusCode === 200 ? res(Buffer.concat(chunks)) : rej(new Error(`GET sbom: ${response.statusCode}`)),
      );
      response.on('error', rej);
    })
      .on('error', rej)
      .end();
  });
}
