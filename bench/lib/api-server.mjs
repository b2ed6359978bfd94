// Starts the built API (api/dist/server.js) with the given environment and resolves once it
// prints its ready line, with the base URL it listens on. `nodeArgs` go before the script
// (e.g. ['--cpu-prof', '--cpu-prof-dir', dir] to profile the server).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export function startApiServer(apiDist, env, { nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, join(apiDist, 'server.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((res, rej) => {
    const timer = setInterval(() => {
      const match = /Console ready at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        res({ child, baseURL: match[1].replace('localhost', '127.0.0.1') });
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        rej(new Error(`server exited:\n${output}`));
      }
    }, 100);
  });
}
