import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { startConsole, DEMO_EMAIL, DEMO_PASSWORD } from './lib/server.mjs';
import { launchBrowser, signIn } from './lib/browser.mjs';
const app = { baseURL: 'http://127.0.0.1:8321', output: () => '', stop: async () => {} };
try {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await signIn(page, app.baseURL, DEMO_EMAIL, DEMO_PASSWORD);
  const api = async (path, init = {}) => page.evaluate(async ([p, i]) => {
    const csrf = document.cookie.split('; ').find((c) => c.startsWith('csrftoken='))?.split('=')[1];
    const r = await fetch(p, { ...i, headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, ...(i.headers || {}) } });
    return { status: r.status, body: await r.text() };
  }, [path, init]);
  const profile = JSON.parse((await api('/api/v1/token/profile/')).body);
  const t = profile.tenant_uid;
  const devs = JSON.parse((await api(`/api/v1/tenants/${t}/devices/?ordering=-cve_count&limit=1`)).body);
  await page.goto(`${app.baseURL}/devices/${devs.results[0].uid}`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/shots/demo-device.png', fullPage: true });
  // enrol this machine with the real agent
  const tokens = JSON.parse((await api(`/api/v1/tenants/${t}/provision-tokens/`)).body);
  const token = tokens.results.find((x) => x.enabled).token;
  const agents = JSON.parse((await api('/api/v1/agents/')).body);
  const linux = agents.results.find((a) => a.device_type === 'linux');
  const script = await page.evaluate(async (u) => (await fetch(u)).text(), `/api/v1/agents/${linux.uid}/download`);
  writeFileSync('/tmp/shots/console-agent', script);
  const env = { ...process.env, HOME: '/tmp/shots/home' };
  execFileSync('sh', ['/tmp/shots/console-agent', 'enroll', '--server', app.baseURL, '--token', token, '--state-dir', '/tmp/shots/state'], { env, stdio: 'inherit' });
  execFileSync('sh', ['/tmp/shots/console-agent', 'report', '--state-dir', '/tmp/shots/state'], { env, stdio: 'inherit' });
  const real = JSON.parse((await api(`/api/v1/tenants/${t}/devices/?ordering=-created_at&limit=1`)).body).results[0];
  console.log('real device', real.hostname, real.cve_count, real.package_count);
  await page.goto(`${app.baseURL}/devices/${real.uid}`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/shots/real-device.png', fullPage: false });
  await page.goto(`${app.baseURL}/settings/?tab=feeds`);
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/shots/settings-feeds.png', fullPage: true });
  await page.goto(`${app.baseURL}/`);
  await page.waitForTimeout(5000);
  await page.screenshot({ path: '/tmp/shots/dashboard.png', fullPage: true });
  await browser.close();
} finally {
  console.log(app.output().slice(-2000));
  await app.stop();
}
