// Node 20's test runner takes no glob patterns: find the test files here and hand them over.
// Usage: node test/run.mjs [file-or-folder ...]   (default: every *.test.ts below test/)
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function collect (target) {
  const stat = fs.statSync(target)
  if (stat.isFile()) return [target]
  return fs.readdirSync(target, { withFileTypes: true })
    .flatMap((entry) => entry.isDirectory()
      ? collect(path.join(target, entry.name))
      : entry.name.endsWith('.test.ts') ? [path.join(target, entry.name)] : [])
}

const targets = process.argv.slice(2)
const files = (targets.length > 0 ? targets : [path.join(apiDir, 'test')])
  .flatMap((target) => collect(path.resolve(target)))
  .sort()

const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
  cwd: apiDir,
  stdio: 'inherit'
})
process.exit(result.status ?? 1)
