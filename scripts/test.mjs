// npm test: lint, format check and every test of the workspace, in order of cost. Installs and builds what is
// missing first, because the browser tests run against the production build.
//   API tests run on PGlite (in-process) and, when DATABASE_URL is set, again on PostgreSQL.
//   Browser tests need Chromium from Debian's packages (installed here when missing and root).
//   The shell programs the API serves (api/assets/**/*.sh) go through Debian's shellcheck (installed
//   likewise; skipped, with the reason printed, when it is missing and cannot be installed).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, ROOT, ensureInstalled, staleBuilds, build, pnpmArgs, pnpmCapture, run, log, hasCommand } from './lib.mjs';

const results = [];

function count(out) {
  // jest: "Tests:       1 failed, 2 skipped, 40 passed, 43 total"
  const jest = [...out.matchAll(/^Tests:\s+(.*)$/gm)];
  if (jest.length) {
    const last = jest.at(-1)[1];
    const n = (word) => Number((last.match(new RegExp(`(\\d+) ${word}`)) || [0, 0])[1]);
    return { passed: n('passed'), failed: n('failed'), skipped: n('skipped') + n('todo') };
  }
  // node --test: "# pass 12" / "# fail 0" / "# skipped 1"
  const n = (word) => [...out.matchAll(new RegExp(`^# ${word} (\\d+)$`, 'gm'))].reduce((s, m) => s + Number(m[1]), 0);
  return { passed: n('pass'), failed: n('fail'), skipped: n('skipped') + n('todo') };
}

/**
 * The failed tests named in a runner's output, each with the first line of its error when the
 * runner prints one there, so the summary at the end (often all a CI log keeps) says which failed.
 */
function failures(out) {
  const lines = out.split('\n');
  const found = [];
  lines.forEach((line, i) => {
    // node --test (TAP): "not ok 3 - name", indented for subtests, then a YAML block with "error:".
    const tap = /^\s*not ok \d+ - (.*)$/.exec(line);
    if (tap) {
      const block = lines.slice(i + 1, i + 60);
      const end = block.findIndex((l) => /^\s*\.\.\.\s*$/.test(l));
      const at = block.slice(0, end < 0 ? undefined : end).findIndex((l) => /^\s*error: /.test(l));
      let error = at < 0 ? '' : block[at].replace(/^\s*error: /, '');
      // A multi-line error ("|-") starts on the next line.
      if (/^[|>]-?$/.test(error)) error = block[at + 1]?.trim() ?? '';
      found.push(error ? `${tap[1].trim()}: ${error.slice(0, 200)}` : tap[1].trim());
      return;
    }
    // jest: "  ● describe › test" (again under "Summary of all failing tests"); "● Console" heads
    // a test's console output, not a failure (jest 30 still prints it: CI of bf37ec6).
    const jest = /^\s*● (.+)$/.exec(line);
    if (jest && jest[1].trim() !== 'Console') found.push(jest[1].trim());
  });
  return [...new Set(found)];
}

async function suite(name, args, env = process.env, { echo = true } = {}) {
  log(echo ? name : `${name} (beside the next suite; its output is printed when it ends)`);
  const began = Date.now();
  const { code, out } = await pnpmCapture(args, { env, echo });
  if (!echo) {
    log(`${name}: output`);
    process.stdout.write(out);
  }
  const c = count(out);
  c.seconds = Math.round((Date.now() - began) / 1000);
  // A runner that crashed before counting still fails the run.
  if (code !== 0 && c.failed === 0) c.failed = 1;
  results.push({ name, code, ...c, failures: c.failed ? failures(out) : [] });
}

/** A check that passes or fails as a whole (lint, format): one test in the summary. */
async function check(name, script) {
  log(name);
  const began = Date.now();
  const code = await run('npm', ['run', '--silent', script]);
  const ok = code === 0;
  results.push({
    name,
    code,
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    skipped: 0,
    seconds: Math.round((Date.now() - began) / 1000),
  });
}

async function ensureChromium() {
  if (existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) return true;
  if (process.getuid?.() === 0 && hasCommand('apt-get')) {
    log('Installing Chromium from Debian packages');
    await run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
  }
  return existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium');
}

async function ensureShellcheck() {
  if (hasCommand('shellcheck')) return true;
  if (process.getuid?.() === 0 && hasCommand('apt-get')) {
    log('Installing shellcheck from Debian packages');
    await run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq shellcheck >/dev/null']);
  }
  return hasCommand('shellcheck');
}

async function shellcheck() {
  const scripts = readdirSync(join(ROOT, 'api', 'assets'), { recursive: true })
    .filter((file) => file.endsWith('.sh'))
    .sort()
    .map((file) => join('api', 'assets', file));
  log(`Checking the shell programs with shellcheck: ${scripts.join(', ')}`);
  if (!(await ensureShellcheck())) {
    const why = process.getuid?.() === 0 ? 'its installation failed' : 'installing it needs root';
    console.log(`skipped: shellcheck is missing and ${why} (apt-get install -y shellcheck)`);
    results.push({ name: 'shellcheck', code: 0, passed: 0, failed: 0, skipped: scripts.length });
    return;
  }
  const code = await run('shellcheck', scripts);
  results.push({ name: 'shellcheck', code, passed: code === 0 ? scripts.length : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
}

const started = Date.now();
if ((await ensureInstalled()) !== 0) process.exit(1);

// The cheap checks first: lint (rules and the import boundaries) and formatting.
await check('Lint (ESLint, import boundaries)', 'lint');
await check('Format (Prettier --check)', 'format:check');

// The front-end packages share one compiler configuration, so they are checked as one program
// (tsconfig.frontends.json): React's and MUI's types are read once, not five times (~30 s of CPU).
log('Type-checking every package');
const typechecks = await Promise.all([
  run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.frontends.json']),
  run('npm', pnpmArgs(['--filter', '@console/api', '--filter', '@console/contracts', 'run', 'typecheck'])),
]);
if (typechecks.some((code) => code !== 0)) {
  results.push({ name: 'typecheck', code: 1, passed: 0, failed: 1, skipped: 0 });
}
await shellcheck();
log('Comparing the exported API of @console/shared with its last release');
if ((await run('node', ['shared/scripts/api-check.mjs'])) !== 0) {
  results.push({ name: 'API check (@console/shared)', code: 1, passed: 0, failed: 1, skipped: 0 });
}
if ((await build(staleBuilds())) !== 0) {
  console.error('Build failed: the browser tests need the production build.');
  process.exit(1);
}

for (const pkg of ['shared', ...APPS])
  await suite(`Component tests: ${pkg}`, ['--filter', `@console/${pkg}`, 'run', 'test', '--ci', '--maxWorkers=2']);

// The browser tests spend most of their time waiting on Chromium and their consoles (well under a
// core between them), so they run beside the PGlite API pass instead of after everything.
let browser = Promise.resolve();
if (await ensureChromium()) {
  browser = suite('Browser tests (Chromium, production build)', ['--filter', '@console/e2e', 'run', 'test'], process.env, {
    echo: false,
  });
} else {
  console.error('Chromium is missing (/usr/bin/chromium): apt-get install -y chromium');
  results.push({ name: 'Browser tests', code: 1, passed: 0, failed: 1, skipped: 0 });
}

// The API files that bound answers in wall-clock time (the route fuzzing's 2 s) run once Chromium
// is done, whatever the machine's speed (api/test/run.mjs, API_TEST_WALL_CLOCK).
const { DATABASE_URL, ...withoutDb } = process.env;
await suite('API tests (PGlite)', ['--filter', '@console/api', 'run', 'test'], { ...withoutDb, API_TEST_WALL_CLOCK: 'skip' });
await browser;
await suite('API tests bounded in wall-clock time (PGlite)', ['--filter', '@console/api', 'run', 'test'], {
  ...withoutDb,
  API_TEST_WALL_CLOCK: 'only',
});
// On PostgreSQL, only the files whose database DATABASE_URL picks: the engine-independent ones (the
// CLI's, PGlite's thread, version orderings) ran above already, unchanged (api/test/run.mjs).
if (DATABASE_URL)
  await suite('API tests (PostgreSQL)', ['--filter', '@console/api', 'run', 'test'], {
    ...process.env,
    API_TEST_ENGINE_INDEPENDENT: 'skip',
  });

const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('\nSummary');
for (const r of results) {
  console.log(
    `  ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.seconds === undefined ? '' : ` (${r.seconds} s)`}`,
  );
  const named = r.failures ?? [];
  for (const failure of named.slice(0, 20)) console.log(`       not ok: ${failure}`);
  if (named.length > 20) console.log(`       … and ${named.length - 20} more (above)`);
}
console.log(`  ${Math.round((Date.now() - started) / 1000)} s in all`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
