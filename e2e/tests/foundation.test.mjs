// The shell as a person uses it, against the production build: sign in, visit each
// remote's route, one React in the page, lazy remotes, a stopped remote, logout.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startConsole, DEMO_EMAIL, DEMO_PASSWORD, ROOT } from '../lib/server.mjs';
import { launchBrowser, countReactRenderers, signIn } from '../lib/browser.mjs';

/** A JSON file of the build (a manifest, share-scope.json, preload.json). */
const read = (file) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

describe('application shell (production build)', () => {
  let app;
  let browser;
  let context;
  let page;
  let scripts = []; // JS URLs fetched since the last full page load, in order

  before(async () => {
    app = await startConsole();
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    await page.addInitScript(countReactRenderers);
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) scripts = [];
      else if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('an anonymous visit to a protected page lands on /login', async () => {
    await page.goto(`${app.baseURL}/agents`);
    await page.waitForURL(`${app.baseURL}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  test('a wrong password shows the spec message and stays on /login', async () => {
    await page.getByLabel(/email/i).first().fill(DEMO_EMAIL);
    await page
      .getByLabel(/password/i)
      .first()
      .fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
  });

  test('signing in goes to / and loads only the DETECT remote', async () => {
    await signIn(page, app.baseURL, DEMO_EMAIL, DEMO_PASSWORD);
    await page.getByTestId('tenant-uid').first().waitFor();
    assert.ok(
      scripts.some((p) => p.startsWith('/remotes/detect/')),
      'detect remote fetched for /',
    );
    assert.ok(!scripts.some((p) => p.startsWith('/remotes/insights/')), 'insights not fetched before its route');
    assert.ok(!scripts.some((p) => p.startsWith('/remotes/threat/')), 'threat not fetched before its route');
  });

  test('every remote renders inside the shell with the one auth context', async () => {
    const profile = await (await page.request.get(`${app.baseURL}/api/v1/token/profile/`)).json();
    assert.match(profile.tenant_uid, /\S/);
    for (const [path, remote, heading] of [
      ['/agents', 'detect', 'Agents'],
      ['/insights', 'insights', 'My Insight Reports'],
      ['/threat-landscape', 'threat', 'Threat Landscape'],
      ['/api-keys', 'detect', 'API Keys'],
    ]) {
      // Client-side navigation through the drawer keeps one page, as a person would.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      // The route's own heading first: the previous page's tenant line must not satisfy the wait.
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      const uid = page.getByTestId('tenant-uid').first();
      assert.equal((await uid.textContent()).trim(), profile.tenant_uid, `tenant on ${path}`);
      assert.ok(
        scripts.some((p) => p.startsWith(`/remotes/${remote}/`)),
        `${remote} fetched for ${path}`,
      );
    }
  });

  test('React is loaded once and no script is fetched twice in one page load', async () => {
    assert.equal(await page.evaluate(() => window.__reactRenderers), 1);
    const twice = scripts.filter((p, i) => scripts.indexOf(p) !== i);
    assert.deepEqual(twice, []);
  });

  test('the host provides every module the remote pages take from it; they never fetch the whole @console/shared', async () => {
    const scope = read('host/dist/share-scope.json').shared;
    const provided = new Set(scope.map((entry) => entry.name));
    for (const remote of ['detect', 'insights', 'threat']) {
      const keys = Object.values(read(`remote-${remote}/dist/mf-manifest.json`).metaData.consoleShared).flat();
      assert.ok(keys.includes('@console/shared/auth/AuthContext'), `${remote} takes the auth context from the host`);
      assert.deepEqual(
        keys.filter((key) => !provided.has(key)),
        [],
        `keys of ${remote} the host does not provide`,
      );
    }
    // The whole package is there for remotes built when it was one share key; these take only
    // the modules that hold state, so the files only it needs stay on the server.
    const { sync } = scope.find((entry) => entry.name === '@console/shared').assets.js;
    const elsewhere = new Set(
      scope.filter((entry) => entry.name !== '@console/shared').flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async]),
    );
    const wholeOnly = sync.filter((file) => !elsewhere.has(file)).map((file) => `/${file}`);
    assert.ok(wholeOnly.length > 0, 'the whole package has a chunk of its own');
    assert.ok(
      scripts.some((path) => path.startsWith('/remotes/threat/')),
      'the remotes were visited in this page',
    );
    assert.deepEqual(
      scripts.filter((path) => wholeOnly.includes(path)),
      [],
    );
  });

  test("a cold load of / names in its Link header the host's files of the shared modules its page asks for", async () => {
    // The share keys the dashboard consumes (its manifest) and the host's files of each (preload.json).
    const keys = read('remote-detect/dist/mf-manifest.json').metaData.consoleShared?.DashboardPage ?? [];
    const hostFiles = read('host/dist/preload.json').shared ?? {};
    const componentFiles = new Set(keys.flatMap((key) => hostFiles[key] ?? []).map((file) => `/${file}`));
    const cold = await browser.newContext();
    try {
      const signedIn = await cold.request.post(`${app.baseURL}/api/v1/token/`, {
        data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      assert.ok(signedIn.ok());
      const coldPage = await cold.newPage();
      const fetched = [];
      coldPage.on('request', (req) => {
        if (req.resourceType() === 'script') fetched.push(new URL(req.url()).pathname);
      });
      const response = await coldPage.goto(`${app.baseURL}/`);
      await coldPage.getByRole('heading', { level: 1, name: 'Dashboards', exact: true }).waitFor();
      await coldPage.waitForLoadState('networkidle');
      const named = new Set([...(response.headers().link ?? '').matchAll(/<([^>]+)>/g)].map((match) => match[1]));
      const asked = [...new Set(fetched)].filter((path) => componentFiles.has(path));
      assert.ok(asked.length > 0, 'the dashboard asks the host for shared modules of its own');
      assert.deepEqual(
        asked.filter((path) => !named.has(path)),
        [],
      );
    } finally {
      await cold.close();
    }
  });

  test('a stopped remote shows an error with Retry while the shell keeps working', async () => {
    const stopped = await context.newPage();
    const abort = (route) => route.abort('connectionrefused');
    await stopped.route('**/remotes/threat/**', abort);
    await stopped.goto(`${app.baseURL}/threat-landscape`);
    await stopped.getByText(/could not be loaded/i).waitFor();
    const retry = stopped.getByRole('button', { name: 'Retry' });
    await retry.waitFor();

    // The drawer and another remote still work.
    await stopped
      .getByRole('link', { name: /Agents/ })
      .first()
      .click();
    await stopped.waitForURL(`${app.baseURL}/agents`);
    await stopped.getByTestId('tenant-uid').first().waitFor();

    // The remote comes back: Retry loads it without a page reload.
    await stopped.unroute('**/remotes/threat/**', abort);
    await stopped.goBack();
    await stopped.getByRole('button', { name: 'Retry' }).click();
    await stopped.getByTestId('tenant-uid').first().waitFor();
    assert.equal(new URL(stopped.url()).pathname, '/threat-landscape');
    await stopped.close();
  });

  test('logout ends the session', async () => {
    await page
      .getByRole('button', { name: /Logout/ })
      .first()
      .click();
    await page.waitForURL(`${app.baseURL}/login`);
    const check = await page.request.get(`${app.baseURL}/api/v1/token/is_authenticated/`);
    assert.equal(check.status(), 401);
    await page.goto(`${app.baseURL}/`);
    await page.waitForURL(`${app.baseURL}/login`);
  });

  test('signing in after the redirect returns to the page asked for, its filters included', async () => {
    const asked = `${app.baseURL}/alerts?alerts_status=OPEN`;
    await page.goto(asked);
    await page.waitForURL(`${app.baseURL}/login`);
    await page.getByLabel(/email/i).first().fill(DEMO_EMAIL);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(asked);
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
  });
});
