// A failed call is never shown as "nothing found" (issue 12): the device page's packages and count
// calls fail (answered 500 by the browser's router), the page says so with Retry, and Retry loads them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startConsole } from '../lib/server.mjs';
import { signedInPage } from '../lib/browser.mjs';

const PACKAGES = /\/api\/v1\/tenants\/[^/]+\/devices\/[^/]+\/packages\/(\?.*)?$/;
const COUNT = /\/api\/v1\/tenants\/[^/]+\/devices\/[^/]+\/packages\/count\/$/;

describe('errors are never shown as empty (production build, seeded demo tenant)', () => {
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

  test('a failed packages call shows "Could not load packages" with Retry, never "No packages." or "0–0 of 0"', async () => {
    const failed = [];
    const fail = (route) => {
      failed.push(route.request().url());
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Internal Server Error"}' });
    };
    await page.route(PACKAGES, fail);
    await page.route(COUNT, fail);

    await page.getByRole('list', { name: 'Riskiest devices' }).getByRole('button').first().click();
    await page.waitForURL(/\/devices\/[^/]+$/);
    const packages = page.getByRole('table', { name: 'System Packages' });
    await packages.getByText('Could not load packages').waitFor();
    await page.getByText('Could not load the package counts').waitFor();
    assert.ok(failed.some((url) => PACKAGES.test(url)) && failed.some((url) => COUNT.test(url)), 'both calls were answered 500');
    assert.equal(await page.getByText('No packages.').count(), 0);
    assert.equal(await page.getByText(/0–0 of 0/).count(), 0);

    // SWR retries a 5xx by itself (1 + 3 tries, 7 s): wait until it has given up, or its own retry
    // could succeed between the server's recovery and the click and take the Retry button away.
    const tries = (pattern) => failed.filter((url) => pattern.test(url)).length;
    for (const deadline = Date.now() + 30_000; tries(PACKAGES) < 4 || tries(COUNT) < 4;) {
      assert.ok(Date.now() < deadline, `SWR's retries: ${tries(PACKAGES)} packages, ${tries(COUNT)} count calls`);
      await page.waitForTimeout(250);
    }

    // The server answers again: Retry loads the findings, and the error goes.
    await page.unroute(PACKAGES, fail);
    await page.unroute(COUNT, fail);
    await packages.getByRole('button', { name: 'Retry' }).click();
    await packages
      .getByRole('button', { name: /^CVE-\d{4}-\d+$/ })
      .first()
      .waitFor();
    await packages.getByText('Could not load packages').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Retry' }).click(); // the count card's
    await page.getByRole('group', { name: 'Packages' }).waitFor();
    assert.equal(await page.getByText('Could not load the package counts').count(), 0);
  });
});
