// Starts the production console (API + built host + remotes, one port) on a free port
// with a throw-away data folder, the way `npm start` runs it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/**
 * `importOsv`: OSV files or folders loaded into the fresh database with the CLI
 * (`npm run cli -- import-osv PATH`) before the server first starts, as an operator does.
 * `cli`: further CLI commands run then (e.g. `['create-sensor-key', '--name', 's1']`); what each
 * printed on stdout, trimmed, is in `cliOutput`.
 */
export async function startConsole(extraEnv = {}, { importOsv = [], cli = [] } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const { DATABASE_URL, ...env } = process.env; // the browser tests use the embedded database
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
    cliOutput: cliOutput.slice(importOsv.length),
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
