// The team's third-party reference data, ../shared/data beside the repository (CI has it): real
// OSV records and SBOMs made by other tools, read from there, never copied into the repository.
// Suites that need them are skipped, saying why, where the folder is absent.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './server.mjs';

/** `CONSOLE_SHARED_DATA` points elsewhere, e.g. at a missing folder to check the skips. */
export const SHARED_DATA = resolve(ROOT, process.env.CONSOLE_SHARED_DATA ?? join('..', 'shared', 'data'));

export const sharedData = (...parts) => join(SHARED_DATA, ...parts);

/** For `describe`/`test` `{ skip }`: false when every path exists, else the reason the runner prints. */
export function needsSharedData(...paths) {
  const missing = paths.map((parts) => sharedData(...parts)).filter((path) => !existsSync(path));
  return missing.length === 0 ? false : `needs ${missing.join(' and ')} (third-party data, not in the repository)`;
}
