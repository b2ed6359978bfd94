// DETECT flows a security analyst does, against the production build and seeded data:
// dashboard → alert → close it; dashboard → device → CVE dialog; provision tokens; API keys.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startConsole } from '../lib/server.mjs';
import { signedInPage } from '../lib/browser.mjs';

describe('DETECT (production build, seeded demo tenant)', () => {
  let app;
  let browser;
  let page;

  before(async () => {
    app = await startConsole();
    ({ browser, page } = await signedInPage(app));
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const openAlertsKpi = () => page.locator("xpath=//p[normalize-space()='Open alerts']/following-sibling::p[1]");

  test('dashboard → an open alert → close it → the dashboard counts it closed', async () => {
    await openAlertsKpi().waitFor();
    const openBefore = Number(await openAlertsKpi().textContent());
    assert.ok(openBefore > 0, 'the seed has open alerts');

    const recent = page.getByRole('list', { name: 'Recent open alerts' });
    await recent.getByRole('button').first().click();
    await page.waitForURL(/\/alerts\/[^/]+$/);
    const alertUid = new URL(page.url()).pathname.split('/').pop();

    const status = page.getByRole('combobox', { name: 'Status' });
    await status.waitFor();
    assert.equal((await status.textContent()).trim(), 'OPEN');
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/alerts/${alertUid}/`));
    await status.click();
    await page.getByRole('option', { name: 'CLOSED' }).click();
    assert.equal((await patched).status(), 200);
    await page.waitForFunction(() => document.querySelector('[role="combobox"]')?.textContent?.trim() === 'CLOSED');

    // The server kept it: a reload shows CLOSED and the dashboard has one open alert fewer.
    await page.reload();
    await page.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'CLOSED' }).waitFor();
    await page.goto(`${app.baseURL}/`);
    await openAlertsKpi().waitFor();
    await page.waitForFunction(
      (expected) =>
        document
          .evaluate("//p[normalize-space()='Open alerts']/following-sibling::p[1]", document, null, 9, null)
          .singleNodeValue?.textContent?.trim() === String(expected),
      openBefore - 1,
    );
  });

  test('dashboard → a risky device → its packages → the CVE description dialog', async () => {
    const riskiest = page.getByRole('list', { name: 'Riskiest devices' });
    await riskiest.getByRole('button').first().click();
    await page.waitForURL(/\/devices\/[^/]+$/);
    const packages = page.getByRole('table', { name: 'System Packages' });
    await packages.waitFor();
    // Sorted by score, highest first: the first row carries a CVE link.
    const cveLink = packages.getByRole('button', { name: /^CVE-\d{4}-\d+$/ }).first();
    const cveId = (await cveLink.textContent()).trim();
    await cveLink.click();
    const dialog = page.getByRole('dialog', { name: cveId });
    await dialog.waitFor();
    await dialog
      .locator('p')
      .filter({ hasText: /\w{10}/ })
      .first()
      .waitFor(); // the description arrived
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('provision tokens: create (on top), edit to Inactive, delete', async () => {
    await page.goto(`${app.baseURL}/agents`);
    const name = `e2e token ${Date.now()}`;
    await page.getByRole('button', { name: 'Create Token' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(name);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Create/ })
      .click();
    const table = page.getByRole('table', { name: 'Provision Tokens' });
    await table.getByText(name).waitFor();
    const firstRow = table.locator('tbody tr').first();
    assert.match(await firstRow.textContent(), new RegExp(name));
    assert.match(await firstRow.textContent(), /Active/);

    await firstRow.getByText(name).click();
    const edit = page.getByRole('dialog');
    await edit.locator('input[type=checkbox]').uncheck();
    await edit.getByRole('button', { name: /Save/ }).click();
    await edit.waitFor({ state: 'hidden' });
    await table.locator('tbody tr').first().getByText('Inactive').waitFor();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByText('Are you sure you want to delete this token?').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete|Confirm/ })
      .click();
    await table.getByText(name).waitFor({ state: 'detached' });
  });

  test('API keys: a new key is shown once, never again', async () => {
    await page.goto(`${app.baseURL}/api-keys`);
    const name = `e2e key ${Date.now()}`;
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(name);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Create/ })
      .click();
    const shown = page.getByLabel('New API key');
    await shown.waitFor();
    const key = (await shown.textContent()).trim();
    assert.match(key, /^[^.\s]+\.[^.\s]{20,}$/, 'prefix.secret');
    // Closing asks first (the key is shown once); Escape does not close it.
    await page.keyboard.press('Escape');
    await shown.waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Have you copied the key?').waitFor();
    await page.getByRole('button', { name: 'Yes, close' }).click();
    await shown.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: 'API Keys' });
    await table.getByText(name).waitFor();
    await page.reload();
    await table.getByText(name).waitFor();
    assert.equal(await page.getByText(key.split('.')[1]).count(), 0, 'the secret is not shown again');
    // The key works where keys are used: the install script endpoint.
    const script = await page.request.get(`${app.baseURL}/api/v1/agents/linux/install`, {
      headers: { 'X-API-Key': key },
    });
    assert.equal(script.status(), 200);
    assert.match(await script.text(), /^#!\/bin\/sh/);
  });
});
