// Node 20's test runner takes no glob patterns: find the test files here and hand them over.
// Usage: node test/run.mjs [file-or-folder ...]   (default: every *.test.ts below test/)
// Test files run in parallel processes, API_TEST_CONCURRENCY at a time (default 2: one per core of
// the CI machine). Each file has its own in-memory PGlite or throw-away PostgreSQL database.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function collect(target) {
  const stat = fs.statSync(target)
  if (stat.isFile()) return [target]
  return fs
    .readdirSync(target, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? collect(path.join(target, entry.name))
        : entry.name.endsWith('.test.ts')
          ? [path.join(target, entry.name)]
          : []
    )
}

const targets = process.argv.slice(2)
// The runner starts files in the order given, so the longest go first: started last, a 40–60 s
// file would leave one of the two cores idle at the end (~20% of the pass on 2 cores). Longest
// first by the timings of a full run (2026-11-27); a file not listed keeps the alphabetical order.
// The two files that bound answers in wall-clock time go last instead, after the browser tests
// that `npm test` runs beside the PGlite pass (and see API_TEST_WALL_CLOCK below).
const LONGEST_FIRST = [
  'test/integration/',
  'test/server.test.ts',
  'test/multi-process.test.ts',
  'test/routes/api/v1/tenants/alerts/index.test.ts',
  'test/cli/commands.test.ts',
  'test/lib/feeds/osv-switch.test.ts'
]
const WALL_CLOCK_BOUNDS_LAST = ['test/routes/api/v1/insights/cli/scan-load.test.ts', 'test/fuzz/']
const relativeOf = (file) => path.relative(apiDir, file).split(path.sep).join('/')
const rank = (file) => {
  const relative = relativeOf(file)
  const first = LONGEST_FIRST.findIndex((prefix) => relative.startsWith(prefix))
  if (first !== -1) return first
  const last = WALL_CLOCK_BOUNDS_LAST.findIndex((prefix) => relative.startsWith(prefix))
  return last === -1 ? LONGEST_FIRST.length : LONGEST_FIRST.length + 1 + last
}
// API_TEST_WALL_CLOCK=skip leaves out the files that bound answers in wall-clock time, =only runs
// just them: `npm test` runs them after the browser tests, since on a slower machine the PGlite
// pass reached them while Chromium still ran beside it (a sign-in answered in 2.6 s, over the
// fuzz suite's 2-s bound, at a load average of 10).
const wallClock = process.env.API_TEST_WALL_CLOCK ?? ''
if (!['', 'skip', 'only'].includes(wallClock)) {
  console.error(`API_TEST_WALL_CLOCK must be "skip" or "only", not ${JSON.stringify(wallClock)}`)
  process.exit(2)
}
const boundsWallClock = (file) => WALL_CLOCK_BOUNDS_LAST.some((prefix) => relativeOf(file).startsWith(prefix))

// A file whose first line is ENGINE_INDEPENDENT opens the embedded database itself, or none,
// whatever DATABASE_URL says (the CLI's tests, PGlite's thread, version orderings): a PostgreSQL
// pass would run it again unchanged, so `npm test` leaves it out there (API_TEST_ENGINE_INDEPENDENT
// =skip). The claim is checked: such a file, and the test helpers it imports, never name what
// picks the engine (a file that does is refused, exit 2).
const ENGINE_INDEPENDENT = '// api-test: engine-independent'
const PICKS_ENGINE = /\b(openTestDatabase|buildTestApp|usingPostgres|DATABASE_URL)\b/
const engineIndependentMode = process.env.API_TEST_ENGINE_INDEPENDENT ?? ''
if (!['', 'skip'].includes(engineIndependentMode)) {
  console.error(`API_TEST_ENGINE_INDEPENDENT must be "skip", not ${JSON.stringify(engineIndependentMode)}`)
  process.exit(2)
}
/** Whether `file` or a test helper it imports (test/helpers.ts aside: it only defines them) names PICKS_ENGINE. */
function picksEngine(file, seen = new Set()) {
  if (seen.has(file)) return false
  seen.add(file)
  const source = fs.readFileSync(file, 'utf8')
  if (PICKS_ENGINE.test(source.replace(/^\/\/ api-test:.*$/m, ''))) return true
  return [...source.matchAll(/from '(\.[^']+)\.js'/g)]
    .map((match) => path.resolve(path.dirname(file), `${match[1]}.ts`))
    .filter((helper) => helper.startsWith(path.join(apiDir, 'test')) && helper !== path.join(apiDir, 'test', 'helpers.ts'))
    .some((helper) => fs.existsSync(helper) && picksEngine(helper, seen))
}
function engineIndependent(file) {
  if (!fs.readFileSync(file, 'utf8').startsWith(ENGINE_INDEPENDENT)) return false
  if (picksEngine(file)) {
    console.error(`${relativeOf(file)} says it is engine-independent, yet it (or a helper it imports) picks the engine`)
    process.exit(2)
  }
  return true
}

const files = (targets.length > 0 ? targets : [path.join(apiDir, 'test')])
  .flatMap((target) => collect(path.resolve(target)))
  .filter((file) => wallClock === '' || (wallClock === 'only') === boundsWallClock(file))
  .filter((file) => engineIndependentMode === '' || !engineIndependent(file))
  .sort()
  .sort((a, b) => rank(a) - rank(b))
// With no file, node --test would look for tests of its own choosing.
if (files.length === 0) {
  console.log('# no test file to run')
  process.exit(0)
}

const concurrency = Math.max(1, Number.parseInt(process.env.API_TEST_CONCURRENCY ?? '2', 10) || 1)
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], {
  cwd: apiDir,
  stdio: 'inherit'
})
process.exit(result.status ?? 1)
