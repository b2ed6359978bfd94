// Helpers for the root scripts. They run with nothing installed but Node and npm,
// so they use only Node's standard library.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const APPS = ['host', 'remote-detect', 'remote-insights', 'remote-threat'];

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
export const PNPM_SPEC = pkg.packageManager; // e.g. pnpm@10.34.9

export function log(msg) {
  process.stdout.write(`\n▶ ${msg}\n`);
}

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`could not run ${cmd}: ${err.message}`);
      resolveRun(127);
    });
  });
}

/**
 * Runs a command and also captures its output (for counting tests). With `echo: false` the output
 * is only captured (a suite running beside another prints it when it ends, not interleaved).
 */
export function runCapture(cmd, args, { echo = true, ...opts } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    const onData = (stream) => (chunk) => {
      out += chunk.toString();
      if (echo) stream.write(chunk);
    };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    child.on('exit', (code, signal) => resolveRun({ code: code ?? (signal ? 1 : 0), out }));
    child.on('error', (err) => resolveRun({ code: 127, out: String(err) }));
  });
}

/** The pinned pnpm, fetched from the npm registry by npm itself: no global install needed. */
export function pnpmArgs(args) {
  return ['exec', '--yes', `--package=${PNPM_SPEC}`, '--', 'pnpm', ...args];
}
export function pnpm(args, opts) {
  return run('npm', pnpmArgs(args), opts);
}
export function pnpmCapture(args, opts) {
  return runCapture('npm', pnpmArgs(args), opts);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when the install is missing or older than the lockfile. */
export function installNeeded() {
  const marker = join(ROOT, 'node_modules', '.modules.yaml');
  if (!existsSync(marker)) return true;
  return statSync(join(ROOT, 'pnpm-lock.yaml')).mtimeMs > statSync(marker).mtimeMs;
}

export async function ensureInstalled() {
  if (!installNeeded()) return 0;
  log('Installing dependencies (pinned pnpm, frozen lockfile)');
  return pnpm(['install', '--frozen-lockfile']);
}

/**
 * Which packages need a (re)build: dist missing or older than their sources or what they build on
 * (the API on contracts/, whose compiled schemas it runs with and its build compiles first; the
 * apps on shared/).
 */
export function staleBuilds() {
  const sharedMtime = newestMtime(join(ROOT, 'shared'));
  const contractsMtime = newestMtime(join(ROOT, 'contracts'));
  const stale = [];
  for (const name of ['api', ...APPS]) {
    const dist = join(ROOT, name, 'dist');
    const built = existsSync(dist) ? newestMtime(dist) : 0;
    const sources = Math.max(newestMtime(join(ROOT, name)), name === 'api' ? contractsMtime : sharedMtime);
    if (!built || sources > built) stale.push(name);
  }
  return stale;
}

/**
 * Builds the named packages, two at a time: each build (tsc, webpack) keeps about one core busy,
 * and none reads another's output. Answers the first failing exit code, or 0.
 */
export async function build(names, parallel = 2) {
  const queue = [...names];
  let failed = 0;
  const worker = async () => {
    while (queue.length > 0 && failed === 0) {
      const name = queue.shift();
      log(`Building ${name}`);
      const code = await pnpm(['--filter', `@console/${name}`, 'run', 'build']);
      if (code !== 0) failed ||= code;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, names.length) }, worker));
  return failed;
}

export function hasCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}
