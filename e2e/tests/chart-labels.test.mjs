// Issue 11 finding 2: ApexCharts writes labels, legend entries and tooltips into the page as HTML,
// and 3,000 honeynet lines whose country was a full-screen <a style="position:fixed"> turned the
// Threat Landscape into a phishing link (the CSP stops scripts, not markup). Here, in the real
// browser with the real library: honeynet ingest refuses such names by line; names that are
// stored anyway (before the fix, or an uploaded SBOM's component type, which is free text) are
// drawn as text on every chart page, with the legends and tooltips hovered.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startConsole, ROOT } from '../lib/server.mjs';
import { openInsights } from '../lib/insights-page.mjs';

const PHISH =
  '<a href="https://evil.example/login" style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99999;background:#fff">Session expired: sign in again</a>';
const EVIL = '<img src=x onerror="window.__injected=1">';
const INJECTED = 'a[href*="evil.example"], a[style*="position:fixed"], a[style*="position: fixed"], img[src="x"]';

describe('chart labels are text on every chart page (production build)', () => {
  let app;
  let ui;
  let page;
  const dialogs = [];

  before(async () => {
    app = await startConsole({}, { cli: [['create-sensor-key', '--name', 'e2e-sensor']] });
    ui = await openInsights(app);
    page = ui.page;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });

  after(async () => {
    await ui?.close();
    await app?.stop();
  });

  /** Nothing the labels held became an element, no script ran, and the page centre is the console's. */
  async function assertNoInjection(where) {
    assert.equal(await page.locator(INJECTED).count(), 0, `${where}: an injected element is in the DOM`);
    assert.equal(await page.evaluate(() => window.__injected), undefined, `${where}: an injected handler ran`);
    assert.deepEqual(dialogs, [], `${where}: a dialog opened`);
    const centre = await page.evaluate(() => {
      const el = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
      return el?.closest('a')?.getAttribute('href') ?? null;
    });
    assert.ok(centre === null || !centre.includes('evil.example'), `${where}: the page centre is a link to ${centre}`);
  }

  /** Moves the mouse onto a pie or donut slice (a point inside its path), so ApexCharts draws its tooltip. */
  async function hoverSlice(chart, index) {
    const point = await chart
      .locator('svg .apexcharts-pie-area')
      .nth(index)
      .evaluate((path) => {
        const svg = path.ownerSVGElement;
        const matrix = path.getScreenCTM();
        const box = path.closest('.apexcharts-pie').getBoundingClientRect();
        const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        const length = path.getTotalLength();
        for (let f = 0.05; f < 1; f += 0.05) {
          const p = svg.createSVGPoint();
          const at = path.getPointAtLength(length * f);
          p.x = at.x;
          p.y = at.y;
          const screen = p.matrixTransform(matrix);
          for (const inward of [0.15, 0.3, 0.5]) {
            const x = screen.x + (centre.x - screen.x) * inward;
            const y = screen.y + (centre.y - screen.y) * inward;
            if (document.elementFromPoint(x, y) === path) return { x, y };
          }
        }
        return null;
      });
    assert.ok(point, `no point inside slice ${index}`);
    await page.mouse.move(point.x, point.y, { steps: 3 });
  }

  /** The tooltip ApexCharts shows for `chart` once it holds `text` (as text). */
  async function tooltipShows(chart, text) {
    const tooltip = chart.locator('.apexcharts-tooltip');
    await page.waitForFunction(([el, expected]) => el.textContent.includes(expected), [await tooltip.elementHandle(), text], {
      timeout: 10_000,
    });
  }

  const legendTexts = (chart) => chart.locator('.apexcharts-legend-text').allTextContents();

  test('honeynet ingest refuses lines whose country or ASN name is markup, and stores the rest', async () => {
    const key = app.cliOutput[0];
    assert.match(key, /\S{20,}/);
    const now = Date.now();
    const line = (n, fields) =>
      JSON.stringify({
        eventid: 'cowrie.session.connect',
        session: `chartlabel${n}`,
        src_ip: '198.51.100.23',
        timestamp: new Date(now - 60_000 - n).toISOString(),
        ...fields,
      });
    const hostile = Array.from({ length: 3000 }, (_, n) =>
      line(n, { geoip: { country_name: PHISH, asn: 64500, as_org: 'Phish Net' } }),
    );
    const good = Array.from({ length: 4000 }, (_, n) =>
      line(10_000 + n, { geoip: { country_name: 'Côte d’Ivoire', asn: 7018, as_org: 'AT&T Services, Inc.' } }),
    );
    const lines = [...hostile, line(9999, { as_org: EVIL, asn: 'AS64501' }), ...good];
    const response = await fetch(`${app.baseURL}/api/v1/honeypot/events/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', 'x-api-key': key },
      body: `${lines.join('\n')}\n`,
    });
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.accepted, 4000);
    assert.equal(body.rejected_count, 3001);
    assert.deepEqual(body.rejected[0], {
      line: 1,
      error: '"geoip.country_name" must not contain markup (< or >) or control characters',
    });
  });

  test('Threat Landscape: hostile country and ASN names are text in the legend, the axis and the tooltips', async () => {
    // Ingest refuses these names now (above); names stored before the fix reach the page like this.
    await page.route('**/api/v1/honeypot/origins/', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.countries.rows = [{ value: PHISH, count: 90_000 }, ...body.countries.rows.slice(0, 9)];
      body.countries.total += 90_000;
      body.asns.rows = [{ value: `AS64500 ${EVIL}`, count: 90_000 }, ...body.asns.rows.slice(0, 9)];
      body.asns.total += 90_000;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${app.baseURL}/threat-landscape`);
    const pie = page.getByRole('img', { name: /country/ });
    const bar = page.getByRole('img', { name: /ASN/ });
    await pie.locator('svg .apexcharts-pie-area').first().waitFor();
    await bar.locator('svg .apexcharts-bar-area').first().waitFor();
    await assertNoInjection('Threat Landscape');

    const countries = await legendTexts(pie);
    assert.equal(countries[0], PHISH);
    assert.ok(countries.includes('Côte d’Ivoire'), countries.join(' | '));
    // The ingested AT&T row: its axis label (SVG text) reads "&", not "&amp;".
    const axis = await bar.locator('.apexcharts-yaxis-label, .apexcharts-xaxis-label').allTextContents();
    assert.ok(
      axis.some((label) => label.startsWith('AS7018 AT&T')),
      axis.join(' | '),
    );
    assert.ok(!axis.some((label) => label.includes('&amp;') || label.includes('&lt;')), axis.join(' | '));

    await hoverSlice(pie, 0);
    await tooltipShows(pie, PHISH);
    await assertNoInjection('Threat Landscape, country tooltip');
    await bar.locator('svg .apexcharts-bar-area').first().hover({ force: true });
    await tooltipShows(bar, `AS64500 ${EVIL}`);
    await assertNoInjection('Threat Landscape, ASN tooltip');
    await pie.locator('.apexcharts-legend-series').first().hover();
    await pie.locator('.apexcharts-legend-series').first().click(); // toggles the slice: the legend is redrawn
    await pie.locator('.apexcharts-legend-series').first().click();
    assert.equal((await legendTexts(pie))[0], PHISH);
    await assertNoInjection('Threat Landscape, legend');
    await page.unroute('**/api/v1/honeypot/origins/');
  });

  test('Dashboard: hostile device types are text in the pie legend and tooltip', async () => {
    // Device types are linux or rtos at every API door; a stored value of another kind draws like this.
    await page.route('**/dashboard/strategic/**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.devices_by_type = [{ device_type: PHISH, count: 500 }, { device_type: EVIL, count: 3 }, ...body.devices_by_type];
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${app.baseURL}/`);
    const pie = page.getByRole('img', { name: 'Devices by type' });
    await pie.locator('svg .apexcharts-pie-area').first().waitFor();
    const types = await legendTexts(pie);
    assert.deepEqual(types.slice(0, 2), [PHISH, EVIL]);
    await assertNoInjection('Dashboard');
    await hoverSlice(pie, 0);
    await tooltipShows(pie, PHISH);
    await pie.locator('.apexcharts-legend-series').nth(1).hover();
    await assertNoInjection('Dashboard, tooltip');
    for (const name of ['Devices by risk', 'Alerts by status']) {
      await page.getByRole('img', { name }).locator('svg').first().waitFor();
    }
    await assertNoInjection('Dashboard, every chart');
    await page.unroute('**/dashboard/strategic/**');
  });

  test("Insight report: an uploaded SBOM's hostile component types are text on the SBOM tab; System Review draws safely", async () => {
    const sbom = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'test-sbom', 'shop-npm.cdx-1.7.json'), 'utf8'));
    sbom.components[1].type = PHISH;
    sbom.components[2].type = EVIL;
    const { uid } = await ui.createAndUpload(`e2e chart labels ${Date.now()}`, JSON.stringify(sbom));
    await page.goto(`${app.baseURL}/insights/${uid}/`);

    await page.getByRole('tab', { name: 'SBOM' }).click();
    const types = page.getByRole('img', { name: /^Component Types:/ });
    await types.locator('svg .apexcharts-pie-area').first().waitFor();
    const legend = await legendTexts(types);
    assert.ok(legend.includes(PHISH) && legend.includes(EVIL), legend.join(' | '));
    await assertNoInjection('SBOM tab');
    const phishSlice = legend.indexOf(PHISH);
    await hoverSlice(types, phishSlice);
    await tooltipShows(types, PHISH);
    await types.locator('.apexcharts-legend-series').nth(phishSlice).hover();
    await assertNoInjection('SBOM tab, tooltip and legend');

    await page.getByRole('tab', { name: 'System Review' }).click();
    const status = page.getByRole('img', { name: /^Rule Status:/ });
    await status.locator('svg .apexcharts-pie-area').first().waitFor();
    await hoverSlice(status, 0);
    await status.locator('.apexcharts-tooltip').filter({ hasText: /\d/ }).waitFor({ state: 'attached' });
    await assertNoInjection('System Review tab');
  });
});
