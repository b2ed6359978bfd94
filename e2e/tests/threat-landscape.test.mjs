// The Threat Landscape as a person sees it on a fresh console: the seeded 14-day honeynet
// history drawn as the total card, the ASN bar chart, the country pie and the two top-10 tables;
// a time range chosen, kept in the URL and sent by every call; the trend beside its previous
// period; sessions filtered by address and one opened; the range's indicators exported as CSV and
// STIX; and the spec's error message in place of the page when the metrics call fails.
import { readFile } from 'node:fs/promises';
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

  /** The Threat page's API calls, as the browser sends them (path and query). */
  const THREAT_CALLS = /\/api\/v1\/honeypot(-metrics\/|\/(trend|origins|top-lists|sessions|sensors)\/)/;
  const isCall = (name, range) => (response) => {
    const url = new URL(response.url());
    return url.pathname === `/api/v1/${name}` && url.searchParams.get('range') === range && response.ok();
  };

  test('7 d goes into the URL, into every call and survives a reload; the trend draws it beside the previous 7 days', async () => {
    const page = await context.newPage();
    await page.goto(`${app.baseURL}/threat-landscape`);
    await page.getByTestId('total-attacks').waitFor();
    // The default range's calls are done before 7 d is chosen, so every call seen after carries the choice.
    await page.getByTestId('trend-summary').waitFor();
    await page.waitForLoadState('networkidle');
    const sent = [];
    page.on('request', (request) => {
      if (THREAT_CALLS.test(request.url())) sent.push(new URL(request.url()));
    });
    const trend = page.waitForResponse(isCall('honeypot/trend/', '7d'));
    const seven = page.getByRole('button', { name: /^7 d/ });
    await seven.click();
    await page.waitForURL((url) => url.searchParams.get('range') === '7d');
    const body = await (await trend).json();
    assert.equal(await seven.getAttribute('aria-pressed'), 'true');
    await page.getByTestId('range-caption').filter({ hasText: 'Everything of the last 7 days' }).waitFor();

    // The summary says what the API counted; the chart draws this period and the one before.
    const summary = page.getByTestId('trend-summary');
    await summary.filter({ hasText: `${body.total.toLocaleString('en-US')} attacks` }).waitFor();
    assert.match(await summary.textContent(), /on the previous 7 days|none in the previous 7 days/);
    assert.equal(body.bucket, 'hour');
    assert.ok(body.total > 0 && body.previous_total > 0, 'the seed has attacks in both weeks');
    const chart = page.getByTestId('trend-chart');
    await chart.locator('svg .apexcharts-line-series .apexcharts-series').nth(1).waitFor();
    assert.equal(await chart.locator('svg .apexcharts-line-series .apexcharts-series').count(), 2);
    for (const name of ['This period', 'Previous period']) {
      await chart.locator('.apexcharts-legend-text', { hasText: name }).waitFor();
    }
    await page.getByRole('heading', { name: 'Attacks over time (last 7 days)' }).waitFor();

    // Every call the page made for the new range carries it.
    await page
      .getByRole('table', { name: 'Sessions' })
      .getByRole('button', { name: /^Timeline of session/ })
      .first()
      .waitFor();
    const paths = new Set(sent.map((url) => url.pathname));
    for (const path of [
      'honeypot-metrics/',
      'honeypot/trend/',
      'honeypot/origins/',
      'honeypot/top-lists/',
      'honeypot/sessions/',
      'honeypot/sensors/',
    ]) {
      assert.ok(paths.has(`/api/v1/${path}`), `no call to ${path} after choosing 7 d`);
    }
    for (const url of sent)
      assert.equal(url.searchParams.get('range'), '7d', `${url.pathname} sent range=${url.searchParams.get('range')}`);

    // A reload (or the link shared) shows the same window.
    const again = page.waitForResponse(isCall('honeypot/trend/', '7d'));
    await page.reload();
    await again;
    assert.equal(new URL(page.url()).searchParams.get('range'), '7d');
    await page.getByRole('button', { name: /^7 d/, pressed: true }).waitFor();
    await page.getByRole('heading', { name: 'Attacks over time (last 7 days)' }).waitFor();
    await page.close();
  });

  test('sessions narrowed to one address, and one session opened as its timeline', async () => {
    const page = await context.newPage();
    const topLists = page.waitForResponse(isCall('honeypot/top-lists/', '7d'));
    await page.goto(`${app.baseURL}/threat-landscape?range=7d`);
    const ip = (await (await topLists).json()).source_ips[0].value;
    const sessionsTable = page.getByRole('table', { name: 'Sessions' });
    await sessionsTable
      .getByRole('button', { name: /^Timeline of session/ })
      .first()
      .waitFor();

    const filtered = page.waitForResponse(
      (response) => isCall('honeypot/sessions/', '7d')(response) && new URL(response.url()).searchParams.get('ip') === ip,
    );
    const form = page.getByRole('search', { name: 'Filter sessions' });
    await form.getByLabel('Source IP').fill(ip);
    await form.getByRole('button', { name: 'Filter' }).click();
    const { results } = await (await filtered).json();
    assert.ok(results.length > 1, `the top address ${ip} has several sessions`);
    await sessionsTable
      .locator('tbody tr')
      .nth(results.length - 1)
      .waitFor();
    await page.waitForFunction(
      ([count]) => document.querySelectorAll('table[aria-label="Sessions"] tbody tr').length === count,
      [results.length],
    );
    const addresses = await sessionsTable.locator('tbody tr td:nth-child(2) code').allTextContents();
    assert.deepEqual(
      addresses,
      results.map(() => ip),
    );

    // The first session's timeline: from connect to close, what the API recorded.
    const first = results[0];
    const timeline = page.waitForResponse((response) =>
      response.url().endsWith(`/api/v1/honeypot/sessions/${encodeURIComponent(first.id)}/`),
    );
    await sessionsTable.getByRole('button', { name: `Timeline of session ${first.id}` }).click();
    const { events } = await (await timeline).json();
    const dialog = page.getByRole('dialog', { name: `Session ${first.id}` });
    await dialog.getByText(`From ${ip}`, { exact: false }).waitFor();
    const steps = dialog.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await steps.nth(events.length - 1).waitFor();
    assert.equal(await steps.count(), events.length);
    assert.match(await steps.first().textContent(), /Connected/);
    assert.match(await steps.last().textContent(), /Closed/);
    const tried = events.find((event) => event.kind === 'login_failed' || event.kind === 'login_success');
    if (tried)
      await dialog
        .getByText(`${tried.username} / ${tried.password || '(empty)'}`)
        .first()
        .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  test("exports the range's indicators as CSV and as a STIX 2.1 bundle holding what the page lists", async () => {
    const page = await context.newPage();
    const topLists = page.waitForResponse(isCall('honeypot/top-lists/', '7d'));
    const metrics = page.waitForResponse(isCall('honeypot-metrics/', '7d'));
    await page.goto(`${app.baseURL}/threat-landscape?range=7d`);
    const lists = await (await topLists).json();
    const { top_hashes: hashes } = await (await metrics).json();
    // What a person reads on the page: the top address with its count, the top file hash.
    const ipTable = page.getByRole('table', { name: 'Top Source IPs (last 7 days)' });
    await ipTable.locator('tbody tr code').first().waitFor();
    const topIp = await ipTable.locator('tbody tr code').first().textContent();
    const topIpCount = Number((await ipTable.locator('tbody tr td').nth(1).textContent()).replace(/,/g, ''));
    assert.equal(topIp, lists.source_ips[0].value);
    const hashTable = page.getByRole('table', { name: 'Top File Hashes (last 7 days)' });
    await hashTable.locator('tbody tr code').first().waitFor();
    const topHash = await hashTable.locator('tbody tr code').first().textContent();
    assert.equal(topHash, hashes[0].hash);

    const save = async (name) => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name }).click();
      const file = await download;
      return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
    };

    const csv = await save('Export indicators (CSV)');
    assert.match(csv.name, /^honeynet-indicators-7d-\d{8}T\d{4}Z\.csv$/);
    const lines = csv.text.trim().split(/\r\n/);
    assert.equal(lines[0], 'type,value,sightings');
    const type = topIp.includes(':') ? 'ipv6-addr' : 'ipv4-addr';
    assert.ok(
      lines.includes(`${type},${topIp},${topIpCount}`),
      `the CSV lists ${topIp} with the ${topIpCount} attacks the page shows`,
    );
    assert.ok(
      lines.some((line) => line.startsWith(`file-sha256,${topHash},`)),
      'the CSV lists the top file hash',
    );
    assert.ok(
      lines.some((line) => line.startsWith('url,')),
      'the CSV lists downloaded URLs',
    );

    const stix = await save('Export indicators (STIX 2.1)');
    assert.match(stix.name, /^honeynet-indicators-7d-\d{8}T\d{4}Z\.json$/);
    const bundle = JSON.parse(stix.text);
    assert.equal(bundle.type, 'bundle');
    assert.match(bundle.id, /^bundle--[0-9a-f-]{36}$/);
    const indicators = bundle.objects.filter((object) => object.type === 'indicator');
    // Each CSV line is one STIX indicator (give or take a session crossing the window's start between the two calls).
    assert.ok(
      Math.abs(indicators.length - (lines.length - 1)) <= 2,
      `${indicators.length} STIX indicators for ${lines.length - 1} CSV lines`,
    );
    const address = indicators.find((object) => object.pattern === `[${type}:value = '${topIp}']`);
    assert.ok(address, `an indicator for ${topIp}`);
    assert.equal(address.spec_version, '2.1');
    assert.equal(address.pattern_type, 'stix');
    assert.match(address.description, new RegExp(`^Source of ${topIpCount} attacks`));
    assert.ok(
      indicators.some((object) => object.pattern === `[file:hashes.'SHA-256' = '${topHash}']`),
      'an indicator for the top hash',
    );
    assert.ok(
      bundle.objects.some((object) => object.type === type && object.value === topIp),
      `the ${type} observable`,
    );
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
