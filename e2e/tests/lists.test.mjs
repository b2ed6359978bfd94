// The device and alert list pages against the production build and the seeded demo tenant:
// filters live in the URL, so Back from an alert returns to the same filtered list.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startConsole } from '../lib/server.mjs';
import { signedInPage } from '../lib/browser.mjs';

/** The text of each cell of each row of the table named `name` (empty and error rows have one cell). */
const rowsOf = (page, name) =>
  page.$$eval(`table[aria-label="${name}"] tbody tr`, (rows) =>
    rows.map((row) => [...row.cells].map((cell) => cell.textContent.trim())),
  );

/** Waits until every row of the table satisfies `check` (one of the cells' texts) and there is at least one. */
async function waitForRows(page, name, column, expected) {
  await page.waitForFunction(
    ({ name, column, expected }) => {
      const rows = [...document.querySelectorAll(`table[aria-label="${name}"] tbody tr`)];
      return (
        rows.length > 0 &&
        rows.every((row) => row.cells.length > column && expected.includes(row.cells[column].textContent.trim()))
      );
    },
    { name, column, expected },
  );
}

async function choose(page, label, option) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Device and alert lists (production build, seeded demo tenant)', () => {
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

  test('/alerts filtered by status and priority → an alert → Back returns to the same filtered list', async () => {
    // From the dashboard card's View all.
    await page.goto(`${app.baseURL}/?tab=technical`);
    await page.getByRole('link', { name: 'View all alerts' }).click();
    await page.waitForURL(`${app.baseURL}/alerts`);
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    assert.equal(await page.title(), 'Alerts · Security Console');

    await choose(page, 'Status', 'OPEN');
    await page.waitForURL(/alerts_status=OPEN/);
    // Cells: the row's checkbox, name, device, priority, status, created.
    await waitForRows(page, 'Alerts', 4, ['OPEN']);
    // A priority the open alerts have (the seed's mix may change).
    const priority = (await rowsOf(page, 'Alerts'))[0][3];
    await choose(page, 'Priority', priority);
    await page.waitForURL(/alerts_priority=/);
    await waitForRows(page, 'Alerts', 3, [priority]);
    await waitForRows(page, 'Alerts', 4, ['OPEN']);
    const listUrl = page.url();
    assert.match(listUrl, new RegExp(`alerts_status=OPEN&alerts_priority=${priority}`));
    const shown = await rowsOf(page, 'Alerts');

    const first = page.locator('table[aria-label="Alerts"] tbody tr').first().getByRole('link').first();
    const name = (await first.textContent()).trim();
    await first.click();
    await page.waitForURL(/\/alerts\/[^/?]+$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    assert.equal(await crumbs.getByRole('link', { name: 'Alerts' }).getAttribute('href'), '/alerts');

    await page.goBack();
    await page.waitForURL(listUrl);
    await waitForRows(page, 'Alerts', 3, [priority]);
    assert.equal((await page.getByRole('combobox', { name: 'Status' }).textContent()).trim(), 'OPEN');
    assert.equal((await page.getByRole('combobox', { name: 'Priority' }).textContent()).trim(), priority);
    assert.deepEqual(await rowsOf(page, 'Alerts'), shown);
  });

  test('/devices filtered by risk shows only such devices, and a reload keeps the filter', async () => {
    /** N of the pagination's "1–10 of N": the server's count of matching devices. */
    const total = async () =>
      Number((await page.locator('.MuiTablePagination-displayedRows').textContent()).trim().split(' of ').pop());
    await page.goto(`${app.baseURL}/devices`);
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    await waitForRows(page, 'Devices', 3, ['High', 'Medium', 'Low']);
    const all = await total();
    const risks = new Set((await rowsOf(page, 'Devices')).map((cells) => cells[3]));

    await choose(page, 'Risk', 'High');
    await page.waitForURL(/devices_risk=High/);
    await waitForRows(page, 'Devices', 3, ['High']);
    await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-root'));
    const high = await total();
    assert.ok(high > 0);
    if (risks.size > 1) assert.ok(high < all, `${high} High of ${all} devices`);

    await page.reload();
    await waitForRows(page, 'Devices', 3, ['High']);
    assert.equal((await page.getByRole('combobox', { name: 'Risk', exact: true }).textContent()).trim(), 'High');
    assert.equal(await total(), high);
  });
});
