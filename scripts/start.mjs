// npm start: install what is missing, build what is stale, then start the console on one
// port. The API server migrates the database and seeds the demo tenant on first start.
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, ensureInstalled, staleBuilds, build, log } from './lib.mjs';
import { apiProcessEnv } from './server-process.mjs';

const fail = (code) => process.exit(code || 1);

if ((await ensureInstalled()) !== 0) fail();
const stale = staleBuilds();
if ((await build(stale)) !== 0) fail();

log(`Starting the console on port ${process.env.PORT || 8080}`);
const server = spawn(process.execPath, [join(ROOT, 'api', 'dist', 'server.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: apiProcessEnv({ NODE_ENV: 'production', ...process.env }),
});
// Forward stop signals so the server closes its database cleanly.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
