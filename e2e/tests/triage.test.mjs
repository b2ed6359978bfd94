// Triage in bulk with a trail, and CSV export, against the production build: 50 alerts ingested
// under one rule are closed in one action from the filtered /alerts list, each gets one history
// entry; the export of a filtered list holds exactly the rows the list shows.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startConsole } from '../lib/server.mjs';
import { signedInPage } from '../lib/browser.mjs';

const RULE = `e2e bulk triage ${Date.now()}`;
const COUNT = 50;
/** The first 20 are High, the rest Low (the export's filter). */
const HIGH = 20;
const COMMENT = 'Benign: the weekly scanner <b>run</b>';

/** A minimal CSV reader (RFC 4180: quoted cells, "" inside quotes, CRLF rows). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

describe('Bulk triage and CSV export (production build, demo tenant)', () => {
  let app;
  let browser;
  let page;
  let tenant;
  /** GET or POST the console's API as the signed-in user (cookies; the CSRF header on a POST). */
  let api;

  before(async () => {
    app = await startConsole();
    ({ browser, page } = await signedInPage(app, { timeout: 30_000 }));
    api = async (method, path, data) => {
      const cookies = await page.context().cookies(app.baseURL);
      const csrf = cookies.find((c) => c.name === 'csrftoken' || c.name === '__Host-csrftoken')?.value;
      const res = await page.request.fetch(`${app.baseURL}/api${path}`, {
        method,
        ...(data === undefined ? {} : { data, headers: { 'X-CSRFToken': csrf } }),
      });
      assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
      return res.json();
    };
    ({ tenant_uid: tenant } = await api('GET', '/v1/token/profile/'));
    // The alerts arrive the way Elastic sends them: with a tenant API key.
    const { key } = await api('POST', `/v1/tenants/${tenant}/api-keys/`, { name: `e2e triage ${Date.now()}` });
    const start = Date.now() - 60 * 60 * 1000;
    const alerts = Array.from({ length: COUNT }, (_, n) => ({
      'kibana.alert.rule.name': RULE,
      'kibana.alert.uuid': `${RULE}-${n}`,
      '@timestamp': new Date(start + n * 1000).toISOString(),
      'kibana.alert.severity': n < HIGH ? 'high' : 'low',
    }));
    // Not through the signed-in page: ingest takes the key alone, never a cookie session.
    const res = await fetch(`${app.baseURL}/api/v1/tenants/${tenant}/alerts/ingest/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ alerts }),
    });
    const answer = await res.json();
    assert.equal(res.status, 200, JSON.stringify(answer));
    assert.equal(answer.created, COUNT, JSON.stringify(answer));
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('bulk close of 50 alerts (filter, select all matching, close with a comment) records 50 history entries', async () => {
    await page.goto(`${app.baseURL}/alerts?alerts_status=OPEN`);
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    const rule = page.getByLabel('Rule (exact name)');
    await rule.fill(RULE);
    await rule.press('Enter');
    await page.waitForURL(/alerts_rule=/);
    const selectAll = page.getByRole('button', { name: `Select all ${COUNT} matching` });
    await selectAll.click();
    await page.getByText(`All ${COUNT} matching alerts selected`).waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Close ${COUNT} alerts` });
    await dialog.getByLabel('Comment (optional)').fill(COMMENT);
    await dialog.getByRole('button', { name: `Close ${COUNT} alerts` }).click();
    await page.getByText(`Closed: ${COUNT} changed, 0 unchanged, 0 rejected.`).waitFor();
    // The list (OPEN, this rule) refreshed: nothing of the rule is open any more.
    await page.getByText('No alerts match these filters.').waitFor();

    // Every alert of the rule has exactly one entry: OPEN → CLOSED, by the demo user, with the comment.
    const { count, results } = await api('GET', `/v1/tenants/${tenant}/alerts/?rule=${encodeURIComponent(RULE)}&limit=200`);
    assert.equal(count, COUNT);
    assert.ok(results.every((a) => a.status === 'CLOSED'));
    let entries = 0;
    for (const alert of results) {
      const history = await api('GET', `/v1/tenants/${tenant}/alerts/${alert.uid}/history/`);
      assert.equal(history.count, 1, alert.uid);
      const [change] = history.results;
      assert.deepEqual([change.from_status, change.to_status, change.comment], ['OPEN', 'CLOSED', COMMENT]);
      assert.equal(change.actor.label, 'demo@example.com');
      entries += history.count;
    }
    assert.equal(entries, COUNT);

    // One alert's page shows the entry (the comment as text).
    await page.goto(`${app.baseURL}/alerts/${results[0].uid}`);
    const table = page.getByRole('table', { name: 'Status history' });
    await table.getByText('OPEN → CLOSED').waitFor();
    const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
    assert.deepEqual(cells.slice(1), ['demo@example.com', 'OPEN → CLOSED', COMMENT]);
    assert.equal(await table.locator('b').count(), 0);
  });

  test('a CSV export of a filtered list matches the rows shown', async () => {
    await page.goto(`${app.baseURL}/alerts?alerts_rule=${encodeURIComponent(RULE)}&alerts_size=25`);
    await page.getByRole('combobox', { name: 'Priority', exact: true }).click();
    await page.getByRole('option', { name: 'High', exact: true }).click();
    await page.waitForURL(/alerts_priority=High/);
    await page.waitForFunction(
      (high) => document.querySelectorAll('table[aria-label="Alerts"] tbody tr a[href^="/alerts/"]').length === high,
      HIGH,
    );
    await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-root'));
    const shown = await page.$$eval('table[aria-label="Alerts"] tbody tr', (rows) =>
      rows.map((row) => ({
        uid: decodeURIComponent(row.querySelector('a[href^="/alerts/"]').getAttribute('href').split('/').pop()),
        priority: row.cells[3].textContent.trim(),
        status: row.cells[4].textContent.trim(),
      })),
    );
    assert.equal(shown.length, HIGH);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV of alerts' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.csv$/);
    const rows = parseCsv(await readFile(await download.path(), 'utf8'));
    assert.deepEqual(
      rows.map((r) => ({ uid: r.uid, priority: r.priority, status: r.status })),
      shown,
    );
    assert.ok(rows.every((r) => r.elastic_rule_name === RULE));
  });
});
