// npm run build: build every package (API, host, remotes) for production.
import { ensureInstalled, build, APPS } from './lib.mjs';

if ((await ensureInstalled()) !== 0) process.exit(1);
process.exit(await build(['api', ...APPS]));
