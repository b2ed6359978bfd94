// What the API benches share: where the built API is, the command-line check, the database and
// environment the API runs with, and where the figures go.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const API = join(ROOT, 'api', 'dist');
/** The demo user's password on a bench's own database. */
export const PASSWORD = 'bench-demo-password';

/** A module of the built API, e.g. importApi('lib/detect/simulator.js'). */
export const importApi = (path) => import(pathToFileURL(join(API, path)).href);

/** drizzle-orm's `sql` tag, from the API's own copy (the benches have no dependency of their own). */
export const importSql = async () =>
  (await import(pathToFileURL(join(API, '..', 'node_modules', 'drizzle-orm', 'index.js')).href)).sql;

/** Exits 1 unless api/dist holds `file`, the newest module the bench needs (so a stale build is caught too). */
function requireApiBuild(file) {
  if (!existsSync(join(API, file))) {
    console.error('api/dist is missing or stale: run pnpm --filter @console/api build first');
    process.exit(1);
  }
}

/** Whole numbers of at least `min`: what every count option of a bench must be. */
export const wholeNumbers = (numbers, min = 1) => numbers.every((n) => Number.isInteger(n) && n >= min);

/**
 * A bench's command line. `counts` are its numeric options with their defaults, `options` the others
 * (as parseArgs takes them). Returns every option's value, the counts as numbers; prints `usage` and
 * exits 2 unless `valid(counts)` (by default: each a whole number of at least 1).
 */
export function benchArgs(usage, counts, { options = {}, valid = (numbers) => wholeNumbers(Object.values(numbers)) } = {}) {
  const countOptions = Object.entries(counts).map(([name, value]) => [name, { type: 'string', default: String(value) }]);
  const { values } = parseArgs({ options: { ...Object.fromEntries(countOptions), ...options } });
  const numbers = Object.fromEntries(Object.keys(counts).map((name) => [name, Number(values[name])]));
  if (!valid(numbers)) {
    console.error(usage);
    process.exit(2);
  }
  return { ...values, ...numbers };
}

/**
 * The database an API bench runs on, once api/dist is there with `newestModule` (else it exits 1):
 * a fresh temporary DATA_DIR (embedded PGlite), or DATABASE_URL when set (a fresh database is expected). `env` is what the API server and CLI run with: that
 * database, the demo password, warnings only, a free port on the loopback interface.
 * `removeDataDir()` deletes the temporary folder (call it once the server has stopped).
 */
export function benchDatabase(name, newestModule) {
  requireApiBuild(newestModule);
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), `console-bench-${name}-`));
  return {
    dataDir,
    engine: dataDir ? `PGlite (${dataDir})` : 'PostgreSQL (DATABASE_URL)',
    env: {
      ...process.env,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      CONSOLE_DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      FEED_SYNC_INTERVAL_HOURS: '0', // no bench reaches the internet (bench/feeds.mjs serves its own)
    },
    removeDataDir() {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the bench's database with the built API's own modules (before the server starts: the
 * embedded database allows one process at a time), seeds it (`seedOptions` as the API's seed()
 * takes them; the demo user's password is PASSWORD), runs `work({ db, tenantUid, schema })` with
 * the demo tenant and closes the database; resolves with what `work` returns.
 */
export async function withSeededDatabase(env, seedOptions, work) {
  const { loadConfig } = await importApi('config.js');
  const { openConfiguredDatabase } = await importApi('lib/startup.js');
  const { seed } = await importApi('lib/seed.js');
  const schema = await importApi('db/schema/index.js');
  const database = await openConfiguredDatabase(loadConfig(env));
  try {
    const { db } = database;
    const seeded = await seed(db, { demoPassword: PASSWORD, otherPassword: `${PASSWORD}-other`, ...seedOptions });
    return await work({ db, tenantUid: seeded.demo.tenantUid, schema });
  } finally {
    await database.close();
  }
}

/** Writes the figures to bench/results/<name>-<time>.json (git-ignored) and says where. */
export function writeResults(name, figures) {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(figures, null, 2));
  console.log(`results: ${file}`);
}

/** The p-th percentile of an ascending list. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** mulberry32: the same generated data every run. */
export function prng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}
