// Starts the built API (api/dist/server.js) with the given environment and resolves once it
// prints its ready line, with the base URL it listens on and stop(). It runs as `npm start` runs it
// (scripts/server-process.mjs: two malloc arenas); `nodeArgs` go before the
// script (e.g. ['--cpu-prof', '--cpu-prof-dir', dir] to profile the server).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { apiProcessEnv } from '../../scripts/server-process.mjs';
import { PASSWORD } from './setup.mjs';

export function startApiServer(apiDist, env, { nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, join(apiDist, 'server.js')], {
    env: apiProcessEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  /** SIGTERM (the server closes its database), resolved once the process has exited. */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((res, rej) => {
    const timer = setInterval(() => {
      const match = /Console ready at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        res({ child, baseURL: match[1].replace('localhost', '127.0.0.1'), stop });
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        rej(new Error(`server exited:\n${output}`));
      }
    }, 100);
  });
}

/**
 * Signs in as the demo user (password PASSWORD); resolves with the Cookie header for later calls
 * and the CSRF token that unsafe ones send as X-CSRFToken.
 */
export async function signIn(baseURL, { remember = false } = {}) {
  const response = await fetch(`${baseURL}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: PASSWORD, ...(remember ? { remember } : {}) }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '';
  return { cookie: cookies.join('; '), csrf };
}

/** Creates an INSIGHTS report as the signed-in user (`session`: signIn's answer); resolves with the report (uid, token…). */
export async function createInsightReport(baseURL, { cookie, csrf }, name) {
  const created = await fetch(`${baseURL}/api/v1/insights/reports/`, {
    method: 'POST',
    headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ name, assessment_type: 'application' }),
  });
  if (created.status !== 201) throw new Error(`create report: ${created.status} ${await created.text()}`);
  return await created.json();
}
