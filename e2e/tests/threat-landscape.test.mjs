// The Threat Landscape as a person sees it on a fresh console: the seeded 14-day honeynet
// history drawn as the total card, the ASN bar chart, the country pie and the two top-10 tables;
// and the spec's error message in place of the page when the metrics call fails.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startConsole } from '../lib/server.mjs';
import { signedInPage } from '../lib/browser.mjs';

describe('Threat Landscape (production build, seeded honeynet)', () => {
  let app;
  let browser;
  let context;

  before(async () => {
    app = await startConsole();
    let page;
    ({ browser, context, page } = await signedInPage(app, { viewport: { width: 1400, height: 1000 } }));
    await page.close();
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('shows the total card, both charts and both tables from the seeded data', async () => {
    const page = await context.newPage();
    const metrics = page.waitForResponse((r) => r.url().endsWith('/api/v1/honeypot-metrics/'));
    const origins = page.waitForResponse((r) => r.url().endsWith('/api/v1/honeypot/origins/'));
    await page.goto(`${app.baseURL}/threat-landscape`);
    await page.getByRole('heading', { level: 1, name: 'Threat Landscape', exact: true }).waitFor();
    const body = await (await metrics).json();
    const { asns, countries } = await (await origins).json();
    assert.equal(asns.rows.length, 10, 'the seed has more than ten networks');
    assert.equal(countries.rows.length, 10, 'the seed has more than ten countries');
    assert.ok(body.total_attacks > 0, 'the seed has attacks in the last 24 hours');

    const total = page.getByTestId('total-attacks');
    await total.waitFor();
    assert.equal(await total.textContent(), body.total_attacks.toLocaleString('en-US'));
    await page.getByText('Total Attacks', { exact: true }).waitFor();

    // ApexCharts draws SVG once its lazy chunk arrives: bars for ASNs, slices for countries.
    const bar = page.getByRole('img', { name: /ASN/ });
    const pie = page.getByRole('img', { name: /country/ });
    await bar.locator('svg .apexcharts-bar-area').first().waitFor();
    await pie.locator('svg .apexcharts-pie-area').first().waitFor();
    assert.equal(await bar.locator('svg .apexcharts-bar-area').count(), 10);
    // Ten countries, then grey slices for the other countries and the unknown: shares of all attacks.
    const greys = (countries.other > 0 ? 1 : 0) + (countries.unknown > 0 ? 1 : 0);
    assert.equal(await pie.locator('svg .apexcharts-pie-area').count(), 10 + greys);
    await bar.getByText(asns.rows[0].value.slice(0, 10), { exact: false }).first().waitFor();

    for (const [name, header, first] of [
      [/Top Commands/, 'Command', body.top_commands[0].command],
      [/Top File Hashes/, 'Hash', body.top_hashes[0].hash],
    ]) {
      const table = page.getByRole('table', { name });
      await table.getByRole('columnheader', { name: header }).waitFor();
      await table.getByRole('columnheader', { name: 'Count' }).waitFor();
      assert.equal(await table.locator('tbody tr').count(), 10);
      assert.equal(await table.locator('tbody tr code').first().textContent(), first);
    }

    // A long command (the SSH key implant) stays inside its cell instead of widening the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
    await page.close();
  });

  test('the error message replaces the page when the metrics call fails', async () => {
    const page = await context.newPage();
    await page.route('**/api/v1/honeypot-metrics/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await page.goto(`${app.baseURL}/threat-landscape`);
    // SWR retries server errors (1 s, 2 s, 4 s) before it gives up.
    await page.getByRole('alert').filter({ hasText: 'Error loading honeypot data.' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('heading', { name: 'Threat Landscape', exact: true }).count(), 0);
    assert.equal(await page.getByTestId('total-attacks').count(), 0);
    await page.close();
  });
});
