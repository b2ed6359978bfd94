import fs from 'node:fs'
import path from 'node:path'

/**
 * Where the tests' data lives. Third-party files (real OSV records, SBOMs made by other tools)
 * are read from the team's reference folder beside the checkout, never copied into the
 * repository; tests that need them skip, saying why, where it is absent. Everything under
 * `fixtures/` was written by this project.
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..')

/**
 * `../shared/data` beside the repository (CI has it). `CONSOLE_SHARED_DATA` points elsewhere, e.g.
 * at a missing folder to check that the suite still runs (and skips) without it.
 */
export const SHARED_DATA = path.resolve(REPO_ROOT, process.env.CONSOLE_SHARED_DATA ?? path.join('..', 'shared', 'data'))

export const sharedData = (...parts: string[]): string => path.join(SHARED_DATA, ...parts)

/**
 * For `describe`/`it` `{ skip }`: false when `../shared/data/<parts>` exists, else the reason the
 * test runner prints beside the skipped test.
 */
export function needsSharedData(...parts: string[]): false | string {
  const target = sharedData(...parts)
  return fs.existsSync(target) ? false : `needs ${target} (third-party data, not in the repository)`
}

/** Our own test inputs in the real formats (see fixtures/README.md). */
export const TEST_OSV = path.join(REPO_ROOT, 'fixtures', 'test-osv')
export const TEST_SBOM = path.join(REPO_ROOT, 'fixtures', 'test-sbom')
