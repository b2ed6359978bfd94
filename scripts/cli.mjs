// npm run cli -- <command>: the admin CLI of the API host (see `npm run cli -- --help`).
import { join } from 'node:path';
import { ROOT, ensureInstalled, staleBuilds, build, run } from './lib.mjs';
import { apiProcessEnv } from './server-process.mjs';

if ((await ensureInstalled()) !== 0) process.exit(1);
if (staleBuilds().includes('api') && (await build(['api'])) !== 0) process.exit(1);
// Started like the server: `sync-feeds` and `import-osv` hold as much memory as its feed sync job.
process.exit(
  await run(process.execPath, [join(ROOT, 'api', 'dist', 'cli.js'), ...process.argv.slice(2)], { env: apiProcessEnv() }),
);
