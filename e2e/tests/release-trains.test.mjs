// Release trains against the production build: DETECT deployed on its own (a second origin with
// CORS, as in the README's "Deploying a remote on its own"), the versions in /remotes.json and
// Settings › About, a DETECT whose contract this console does not meet (a version, or a shared module
// it lacks) refused on its pages while the rest keeps working, and the roll-back.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startConsole, ROOT } from '../lib/server.mjs';
import { signedInPage } from '../lib/browser.mjs';
import { startRemoteOrigin } from '../lib/remote-origin.mjs';

const version = (app) => JSON.parse(readFileSync(join(ROOT, app, 'package.json'), 'utf8')).version;

describe('release trains: a remote deployed on its own (production build)', () => {
  let cdn;
  let app;
  let browser;
  let context;
  let original; // the uploaded manifest, for the roll-back

  before(async () => {
    cdn = await startRemoteOrigin();
    cdn.upload('remote-detect', 'detect/1.0');
    original = readFileSync(join(cdn.folder, 'detect/1.0/mf-manifest.json'), 'utf8');
    app = await startConsole({ REMOTE_DETECT_URL: `${cdn.origin}/detect/1.0/mf-manifest.json` });
    let page;
    ({ browser, context, page } = await signedInPage(app));
    await page.close();
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
    await cdn?.stop();
  });

  /** A new page on DETECT's Agents, showing `refusal`, with no DETECT code fetched; its requests go on being recorded. */
  async function refusedOnAgents(refusal) {
    const page = await context.newPage();
    const fetched = [];
    page.on('request', (req) => fetched.push(req.url()));
    await page.goto(`${app.baseURL}/agents`);
    await page.getByText(refusal, { exact: true }).waitFor();
    assert.ok(!fetched.some((url) => url.startsWith(`${cdn.origin}/detect/1.0/js/`)), 'no DETECT code was fetched');
    return { page, fetched };
  }

  /** The manifest as uploaded deployed again: Retry on `page` loads DETECT without a page reload. */
  async function rolledBack(page) {
    cdn.editManifest('detect/1.0', (manifest) => Object.assign(manifest, JSON.parse(original)));
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('tenant-uid').first().waitFor();
  }

  test('the console loads DETECT from the other origin', async () => {
    const page = await context.newPage();
    const fetched = [];
    page.on('requestfinished', (req) => fetched.push(req.url()));
    await page.goto(`${app.baseURL}/agents`);
    await page.getByRole('heading', { level: 1, name: 'Agents', exact: true }).waitFor();
    await page.getByTestId('tenant-uid').first().waitFor();
    assert.ok(fetched.includes(`${cdn.origin}/detect/1.0/mf-manifest.json`), 'manifest from the CDN origin');
    assert.ok(
      fetched.some((url) => url.startsWith(`${cdn.origin}/detect/1.0/js/`)),
      'DETECT code from the CDN origin',
    );
    assert.ok(!fetched.some((url) => url.startsWith(`${app.baseURL}/remotes/detect/`)), "not the console's own copy");
    await page.close();
  });

  test('/remotes.json and Settings › About show the version and build time of the host and every remote', async () => {
    const { host, remotes } = await (await fetch(`${app.baseURL}/remotes.json`)).json();
    assert.equal(host.version, version('host'));
    assert.equal(remotes.detect.version, version('remote-detect'));
    assert.equal(remotes.detect.entry, `${cdn.origin}/detect/1.0/mf-manifest.json`);
    assert.equal(remotes.threat.version, version('remote-threat'));
    for (const release of [host, remotes.detect, remotes.threat]) {
      assert.ok(Date.now() - Date.parse(release.buildTime) < 7 * 86_400_000, `${release.name} built ${release.buildTime}`);
    }

    const page = await context.newPage();
    await page.goto(`${app.baseURL}/settings/?tab=about`);
    const table = page.getByRole('table', { name: 'Versions' });
    await table.waitFor();
    const row = (name) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    assert.equal(await row('Console (host)').getByRole('cell').nth(1).textContent(), version('host'));
    assert.equal(await row('DETECT').getByRole('cell').nth(1).textContent(), version('remote-detect'));
    assert.equal(await row('DETECT').getByRole('cell').nth(3).textContent(), 'Compatible');
    assert.equal(await row('THREAT').getByRole('cell').nth(1).textContent(), version('remote-threat'));
    await page.close();
  });

  test('a DETECT that needs another @console/shared is refused on its pages; the rest keeps working', async () => {
    cdn.editManifest('detect/1.0', (manifest) => {
      manifest.metaData.console.version = '1.4.0';
      manifest.metaData.console.requires['@console/shared'] = '^2';
    });
    const refusal = `DETECT 1.4.0 needs @console/shared ^2 — this console provides ${version('shared')}; deploy a matching DETECT or upgrade the console`;
    const { page, fetched } = await refusedOnAgents(refusal);

    // Another remote and the host's own pages work.
    await page
      .getByRole('link', { name: /Theat Landscape/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Threat Landscape', exact: true }).waitFor();
    await page
      .getByRole('link', { name: /Settings/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Settings', exact: true }).waitFor();
    // Every DETECT page says why.
    await page
      .getByRole('link', { name: /Dashboards/ })
      .first()
      .click();
    await page.getByText(refusal, { exact: true }).waitFor();

    // Roll-back: the previous DETECT deployed again; Retry loads it without a page reload.
    await rolledBack(page);
    assert.ok(
      fetched.some((url) => url.startsWith(`${cdn.origin}/detect/1.0/js/`)),
      'DETECT code fetched after the roll-back',
    );
    await page.close();
  });

  test('a DETECT whose pages consume a shared module this console lacks is refused before its code loads', async () => {
    // A production remote carries no copy of the modules it takes from the host.
    cdn.editManifest('detect/1.0', (manifest) => {
      manifest.metaData.console.version = '1.5.0';
      manifest.metaData.consoleShared.AgentsPage.push('@mui/material/Unstable_Timeline');
    });
    const refusal =
      'DETECT 1.5.0 needs @mui/material/Unstable_Timeline, which this console does not provide; deploy a matching DETECT or upgrade the console';
    const { page } = await refusedOnAgents(refusal);
    await rolledBack(page);
    await page.close();
  });
});
