// INSIGHTS scan history at size (issue 13): a generated CycloneDX 1.6 SBOM of 10,000 components and
// 3,000 vulnerabilities uploaded 20 times through HTTP, each time with more components upgraded and
// vulnerabilities fixed or new; then the scan list, the diff of the first and the last scan, and the
// exports, timed over HTTP. Not a test: it prints figures against the targets.
//
//   node bench/insights-history.mjs [--components 10000] [--vulnerabilities 3000] [--uploads 20] [--reads 10]
//
// Targets: diff first ↔ last ≤ 500 ms; export ≤ 2 s. (Search in the components table is in the
// page, over rows it already holds: bench/insights-sbom.mjs times it in Chromium, target ≤ 100 ms.)
//
// Runs the built API (`api/dist`; build first: pnpm --filter @console/api build) on a temporary
// DATA_DIR (embedded PGlite), or on DATABASE_URL when set (a fresh database is expected), with
// its default INSIGHTS_SCAN_RETENTION (20): every upload is kept. Loopback only.
import { createInsightReport, signIn, startApiServer } from './lib/api-server.mjs';
import { generateBom } from './lib/cyclonedx-bom.mjs';
import { npmPurl } from './lib/npm-packages.mjs';
import { API, benchArgs, benchDatabase, percentile, writeResults } from './lib/setup.mjs';

const values = benchArgs(
  'Usage: node bench/insights-history.mjs [--components N] [--vulnerabilities N] [--uploads N] [--reads N]',
  { components: 10000, vulnerabilities: 3000, uploads: 20, reads: 10 },
);
const { components: COMPONENTS, vulnerabilities: VULNERABILITIES, uploads: UPLOADS, reads: READS } = values;
const { dataDir, engine, env, removeDataDir } = benchDatabase('insights-history', 'lib/insights/scan-history.js');

const fmt = (n) => n.toLocaleString('en-US');
const ms = (t) => `${Math.round(t)} ms`;
const sorted = (list) => [...list].sort((a, b) => a - b);

/**
 * Upload n of the same product: n% of the components one patch version up (their refs and the
 * vulnerabilities' affects follow), n% of the vulnerabilities fixed (gone) and 15·n new ones.
 */
function scanOf(base, n) {
  const refs = new Map();
  const components = base.components.map((component, i) => {
    if (i % 100 >= n) return component;
    const parts = component.version.split('.');
    const version = [...parts.slice(0, -1), String(Number(parts.at(-1)) + 1)].join('.');
    const ref = `${component['bom-ref'].slice(0, component['bom-ref'].lastIndexOf('@'))}@${version}`;
    refs.set(component['bom-ref'], ref);
    return { ...component, version, 'bom-ref': ref, purl: npmPurl(component.group, component.name, version) };
  });
  const kept = base.vulnerabilities
    .filter((_, i) => i % 100 >= n)
    .map((v) => ({ ...v, affects: v.affects.map((a) => ({ ref: refs.get(a.ref) ?? a.ref })) }));
  const added = Array.from({ length: 15 * n }, (_, k) => ({
    ...base.vulnerabilities[k % base.vulnerabilities.length],
    id: `CVE-2999-${String(90000 + k).padStart(5, '0')}`,
    'bom-ref': `new-${k}`,
    affects: [{ ref: components[(k * 7) % components.length]['bom-ref'] }],
  }));
  return Buffer.from(JSON.stringify({ ...base, components, vulnerabilities: [...kept, ...added] }));
}

/** `reads` timed calls after one warm-up: sorted times and the last answer. */
async function timed(reads, call) {
  await call();
  const times = [];
  let last;
  for (let i = 0; i < reads; i++) {
    const start = performance.now();
    last = await call();
    times.push(performance.now() - start);
  }
  return { times: sorted(times), last };
}

const summary = ({ times }, target) => {
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const verdict = target === undefined ? '' : ` (target ≤ ${ms(target)}${p95 <= target ? ': met' : ': MISSED'})`;
  return `p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(times.at(-1))} over ${times.length} calls${verdict}`;
};

console.log(
  `INSIGHTS scan history bench: ${fmt(COMPONENTS)} components, ${fmt(VULNERABILITIES)} vulnerabilities, ${UPLOADS} uploads, ${engine}`,
);
const base = generateBom(COMPONENTS, VULNERABILITIES);

const { baseURL, stop } = await startApiServer(API, env);
try {
  const session = await signIn(baseURL);
  const { cookie } = session;
  const report = await createInsightReport(baseURL, session, 'Bench scan history');
  const reportUrl = `${baseURL}/api/v1/insights/reports/${report.uid}/`;
  const get = async (path) => {
    const response = await fetch(`${reportUrl}${path}`, { headers: { cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
    return body;
  };

  const uploadTimes = [];
  for (let n = 0; n < UPLOADS; n++) {
    const form = new FormData();
    form.append('sbom', new Blob([scanOf(base, n)], { type: 'application/json' }), 'bom.json');
    const start = performance.now();
    const response = await fetch(`${baseURL}/api/v1/insights/cli/scan`, {
      method: 'POST',
      headers: { 'x-api-key': report.token },
      body: form,
    });
    const answer = await response.text();
    uploadTimes.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`upload ${n + 1}: ${response.status} ${answer.slice(0, 300)}`);
  }
  console.log(
    `uploads: median ${ms(percentile(sorted(uploadTimes), 50))}, max ${ms(Math.max(...uploadTimes))} (${UPLOADS} uploads)`,
  );

  const list = await timed(READS, async () => JSON.parse(await get('scans/')));
  const scans = list.last.results;
  console.log(`GET …/scans/ (${scans.length} scans kept): ${summary(list)}`);
  const first = scans.at(-1);
  const last = scans[0];

  const diff = await timed(READS, async () => JSON.parse(await get(`scans/diff/?from=${first.id}&to=${last.id}`)));
  const { components: c, vulnerabilities: v } = diff.last;
  console.log(`GET …/scans/diff/ first ↔ last: ${summary(diff, 500)}`);
  console.log(
    `  components: ${fmt(c.added.length)} added, ${fmt(c.removed.length)} removed, ${fmt(c.upgraded.length)} upgraded; ` +
      `vulnerabilities: ${fmt(v.new.length)} new, ${fmt(v.fixed.length)} fixed, ${fmt(v.still_open.length)} still open`,
  );

  const exports = {};
  for (const [name, path] of [
    ['CycloneDX 1.6 export', 'sbom/export.cdx.json'],
    ['components CSV', 'sbom/components/export.csv'],
    ['vulnerabilities CSV', 'sbom/vulnerabilities/export.csv'],
  ]) {
    const result = await timed(Math.max(1, Math.ceil(READS / 2)), async () => (await get(path)).length);
    exports[name] = result.times;
    console.log(`GET …/${path} (${(result.last / 1024 / 1024).toFixed(1)} MB): ${summary(result, 2000)}`);
  }

  writeResults('insights-history', {
    components: COMPONENTS,
    vulnerabilities: VULNERABILITIES,
    uploads: UPLOADS,
    engine: dataDir ? 'pglite' : 'postgres',
    uploadMs: uploadTimes,
    scansMs: list.times,
    diffMs: diff.times,
    diff: {
      added: c.added.length,
      removed: c.removed.length,
      upgraded: c.upgraded.length,
      new: v.new.length,
      fixed: v.fixed.length,
      stillOpen: v.still_open.length,
    },
    exportMs: exports,
  });
} finally {
  await stop();
  removeDataDir();
}
