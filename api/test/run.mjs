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
const files = (targets.length > 0 ? targets : [path.join(apiDir, 'test')])
  .flatMap((target) => collect(path.resolve(target)))
  .sort()

const concurrency = Math.max(1, Number.parseInt(process.env.API_TEST_CONCURRENCY ?? '2', 10) || 1)
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], {
  cwd: apiDir,
  stdio: 'inherit'
})
process.exit(result.status ?? 1)
