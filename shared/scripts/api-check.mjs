// npm run api-check: @console/shared follows semver for what the remotes use, its exported API.
//
// api-report/shared.api.md is the API of the last release (API Extractor's report) and
// api-report/release.json its version. This script generates the report of the current sources
// and compares: a removed or changed declaration is breaking and needs a major bump, a new one
// needs a minor bump. The bump counts when package.json has it already or a pending changeset
// asks for it (`npm run changeset`). `--update` records the current API as released: `npm run
// release` does it after bumping the versions.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import getReleasePlan from '@changesets/get-release-plan';
import { diffArrays } from 'diff';
import semver from 'semver';

const SHARED = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(SHARED, '..');
const REPORT = join(SHARED, 'api-report', 'shared.api.md');
const RELEASED = join(SHARED, 'api-report', 'release.json');
// A dot folder: what is written here must not make the builds look stale (scripts/lib.mjs), and
// not under node_modules, where API Extractor would take the declarations for another package's.
const TEMP = join(SHARED, '.api-check');
const update = process.argv.includes('--update');

/** The declarations of a report, one line each; comments, imports and blank lines dropped. */
function declarations(report) {
  return report
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//') && !line.startsWith('import ') && !line.startsWith('```'));
}

function currentReport() {
  rmSync(TEMP, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // The wire types @console/shared re-exports, as declarations (tsconfig.api.json maps the package to them).
  const contracts = spawnSync(
    process.execPath,
    [tsc, '-p', join(ROOT, 'contracts', 'tsconfig.json'), '--noEmit', 'false', '--declaration', '--emitDeclarationOnly'].concat([
      '--outDir',
      join(TEMP, 'contracts'),
    ]),
    { stdio: 'inherit' },
  );
  if (contracts.status !== 0) throw new Error('tsc could not emit the declarations of @console/contracts');
  const emitted = spawnSync(process.execPath, [tsc, '-p', join(SHARED, 'tsconfig.api.json')], { stdio: 'inherit' });
  if (emitted.status !== 0) throw new Error('tsc could not emit the declarations of @console/shared');
  const config = ExtractorConfig.loadFileAndPrepare(join(SHARED, 'api-extractor.json'));
  const result = Extractor.invoke(config, { localBuild: update, messageCallback: quietReportMessages });
  if (result.errorCount > 0) throw new Error('API Extractor failed');
  return readFileSync(join(config.reportTempFolder, config.reportConfigs[0].fileName), 'utf8');
}

/** This script says itself whether a changed report is acceptable, and shows the difference. */
const REPORT_MESSAGES = ['console-api-report-not-copied', 'console-api-report-diff', 'console-api-report-copied'];
function quietReportMessages(message) {
  if (REPORT_MESSAGES.includes(message.messageId)) message.logLevel = 'none';
}

/** The version @console/shared will have after the pending changesets (its own when none). */
async function nextVersion() {
  const plan = await getReleasePlan(ROOT);
  const release = plan.releases.find((r) => r.name === '@console/shared' && r.type !== 'none');
  return release?.newVersion ?? JSON.parse(readFileSync(join(SHARED, 'package.json'), 'utf8')).version;
}

const report = currentReport();
if (update) {
  const { version } = JSON.parse(readFileSync(join(SHARED, 'package.json'), 'utf8'));
  writeFileSync(RELEASED, `${JSON.stringify({ version }, null, 2)}\n`);
  console.log(`Recorded the API of @console/shared ${version} in ${REPORT}`);
  process.exit(0);
}

const released = JSON.parse(readFileSync(RELEASED, 'utf8')).version;
const parts = diffArrays(declarations(readFileSync(REPORT, 'utf8')), declarations(report));
const removed = parts.filter((p) => p.removed).flatMap((p) => p.value);
const added = parts.filter((p) => p.added).flatMap((p) => p.value);
if (removed.length === 0 && added.length === 0) {
  console.log(`@console/shared: exported API unchanged since ${released}`);
  process.exit(0);
}

const next = await nextVersion();
const needed = removed.length > 0 ? 'major' : 'minor';
const bumped = needed === 'major' ? semver.major(next) > semver.major(released) : semver.gte(next, semver.inc(released, 'minor'));
const show = (sign, lines) =>
  lines
    .slice(0, 20)
    .map((line) => `  ${sign} ${line}`)
    .concat(lines.length > 20 ? [`  … ${lines.length - 20} more`] : []);
console.log(
  [
    `@console/shared: exported API changed since ${released} (${removed.length} declaration lines removed or changed, ${added.length} added):`,
    ...show('-', removed),
    ...show('+', added),
    `A ${needed === 'major' ? 'breaking change needs a major' : 'new export needs a minor'} version; the next version is ${next}.`,
  ].join('\n'),
);
if (!bumped) {
  console.error(
    `\nFAIL: add a changeset with a ${needed} bump of @console/shared (npm run changeset), or undo the change.\n` +
      `Full new report: ${join('shared', '.api-check', 'report', 'shared.api.md')}`,
  );
  process.exit(1);
}
