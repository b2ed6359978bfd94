// Starts the production console (API + built host + remotes, one port) on a free port
// with a throw-away data folder, the way `npm start` runs it.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'e2e-demo-password';

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

/** What decides the seeded database: the built API (its migrations and seed are bundled in it). */
function buildKey() {
  const hash = createHash('sha256');
  for (const file of ['server.js', 'cli.js']) {
    const { size, mtimeMs } = statSync(join(ROOT, 'api', 'dist', file));
    hash.update(`${file}:${size}:${mtimeMs};`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The seed dates its alerts and honeynet events from "now": a copy older than this is made again. */
const TEMPLATE_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Migrating and seeding the demo costs ~15 s a start on a quiet machine (over 90 s under load): the
 * browser tests of one build start from copies of one data folder seeded by the production server
 * itself, made by the first test file that needs it (two files starting together may both make one:
 * the first rename wins and the other uses it).
 */
async function seededDataDir(env) {
  const template = join(tmpdir(), `console-e2e-seeded-${buildKey()}`);
  if (existsSync(template) && Date.now() - statSync(template).mtimeMs < TEMPLATE_MAX_AGE_MS) return template;
  rmSync(template, { recursive: true, force: true });
  const partial = mkdtempSync(`${template}.partial-`);
  const server = await serve(partial, env);
  await server.stop();
  try {
    renameSync(partial, template);
  } catch (error) {
    // Another process (a bench beside the tests) made it meanwhile: use theirs.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
  return template;
}

/** Starts `api/dist/server.js` on `dataDir` and a free port; resolves once it answers. */
async function serve(dataDir, env, extraEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'api', 'dist', 'server.js')], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONSOLE_DEMO_PASSWORD: DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      FEED_SYNC_INTERVAL_HOURS: '0', // the feed sync job never reaches the internet from a test
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const baseURL = `http://127.0.0.1:${port}`;

  // Migrating and seeding the demo on PGlite takes ~15 s on a quiet machine and over 90 s under a
  // load average of 14; the limit is for a console that will never start.
  const START_SECONDS = 180;
  const deadline = Date.now() + START_SECONDS * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`console exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/remotes.json`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`console did not start in ${START_SECONDS} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * `importOsv`: OSV files or folders loaded into the fresh database with the CLI
 * (`npm run cli -- import-osv PATH`) before the server first starts, as an operator does; such a
 * console seeds its demo after the import, so it starts from an empty folder, not the seeded copy.
 * `cli`: further CLI commands run then (e.g. `['create-sensor-key', '--name', 's1']`); what each
 * printed on stdout, trimmed, is in `cliOutput`.
 * `extraEnv` may not change what is seeded (CONSOLE_DEMO…): the seeded copy is the default one.
 */
export async function startConsole(extraEnv = {}, { importOsv = [], cli = [] } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const { DATABASE_URL, ...env } = process.env; // the browser tests use the embedded database
  if (importOsv.length === 0) cpSync(await seededDataDir(env), dataDir, { recursive: true });
  const cliOutput = [];
  for (const args of [...importOsv.map((path) => ['import-osv', path]), ...cli]) {
    const run = spawnSync(process.execPath, [join(ROOT, 'api', 'dist', 'cli.js'), ...args], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
    cliOutput.push(run.stdout.trim());
  }
  const server = await serve(dataDir, env, extraEnv);
  return {
    baseURL: server.baseURL,
    cliOutput: cliOutput.slice(importOsv.length),
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
