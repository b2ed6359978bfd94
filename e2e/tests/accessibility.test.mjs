// Issue 12 "Accessible and responsive": every screen of the console, signed in on the seeded demo
// tenant, passes axe-core's WCAG 2.1 A/AA rules (each violation printed: rule, impact, elements,
// help), and at 800 × 900 the page itself never scrolls sideways (a wide table scrolls in its own
// labelled, focusable region instead). Every screen passes again in dark mode (the system prefers
// dark, emulated through the debugger protocol's Emulation.setEmulatedMedia).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { startConsole } from '../lib/server.mjs';
import { launchBrowser, signedInPage } from '../lib/browser.mjs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// Beside the WCAG rules, the ones the issue names: headings in order, every table header labelled.
const ALSO = ['heading-order', 'empty-table-header', 'empty-heading', 'list', 'listitem'];
const NARROW = { width: 800, height: 900 };
const WIDE = { width: 1280, height: 900 };

/** Waits until the page has drawn its data: no request in flight, no spinner, no skeleton. */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  // A determinate bar (aria-valuenow: a compliance score) is data, not a spinner.
  await page.waitForFunction(
    () => !document.querySelector('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root'),
    null,
    {
      timeout: 30_000,
    },
  );
  // ApexCharts animates its first draw; axe reads the final SVG (screens without charts need no wait).
  if (await page.locator('.apexcharts-canvas').count()) await page.waitForTimeout(800);
}

/** axe-core in the page; resolves its violations as one readable line each. */
async function axeViolations(page) {
  // Evaluated through the debugger protocol: the console's CSP (script-src 'self') refuses an inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ([tags, also]) =>
      (
        await window.axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          rules: Object.fromEntries(also.map((id) => [id, { enabled: true }])),
        })
      ).violations,
    [WCAG_21_AA, ALSO],
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`,
        )
        .join('\n') +
      (v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : ''),
  );
}

/** How far the whole page scrolls sideways, and the elements that stick out past its right edge. */
function pageOverflow(page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    const culprits = [];
    if (overflow > 0) {
      for (const el of document.body.querySelectorAll('*')) {
        if (el.getBoundingClientRect().right <= root.clientWidth + 1) continue;
        // Only the outermost element that sticks out: its children follow it.
        if (el.parentElement && el.parentElement.getBoundingClientRect().right > root.clientWidth + 1) continue;
        const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 2).join('.') : '';
        culprits.push(
          `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} (right ${Math.round(el.getBoundingClientRect().right)})`,
        );
        if (culprits.length >= 5) break;
      }
    }
    return { overflow, culprits };
  });
}

/** Opens `path`, lets it draw, and asserts axe finds nothing and (at 800 px) nothing scrolls the page sideways. */
async function checkScreen(page, baseURL, path, { narrow }) {
  await page.goto(`${baseURL}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
  await settle(page);
  const violations = await axeViolations(page);
  assert.ok(violations.length === 0, `${path} at ${narrow ? '800' : '1280'} px: axe found\n${violations.join('\n')}`);
  if (narrow) {
    const { overflow, culprits } = await pageOverflow(page);
    assert.ok(overflow <= 0, `${path} at 800 px scrolls sideways by ${overflow} px: ${culprits.join(', ')}`);
  }
}

describe('accessibility: axe (WCAG 2.1 A/AA) on every screen, and 800 px without sideways scroll', () => {
  let app;
  let wide;
  let narrow;
  let anonymous;
  let dark;
  const screens = [];

  before(async () => {
    app = await startConsole();
    wide = await signedInPage(app, { viewport: WIDE, timeout: 30_000 });
    narrow = await signedInPage(app, { viewport: NARROW, timeout: 30_000 });
    anonymous = await launchBrowser();
    dark = await signedInPage(app, { viewport: WIDE, timeout: 30_000 });
    await dark.page.emulateMedia({ colorScheme: 'dark' });

    // The seeded records each detail screen shows, read the way the console reads them.
    const api = async (path) => {
      const res = await wide.page.request.get(`${app.baseURL}/api${path}`);
      assert.equal(res.status(), 200, `GET ${path}`);
      return res.json();
    };
    const { tenant_uid: tenant } = await api('/v1/token/profile/');
    const [linux] = (await api(`/v1/tenants/${tenant}/devices/?device_type=linux`)).results;
    const [rtos] = (await api(`/v1/tenants/${tenant}/devices/?device_type=rtos`)).results;
    const alert = (await api(`/v1/tenants/${tenant}/alerts/`)).results[0];
    const agent = (await api('/v1/agents/')).results[0];
    const reports = (await api('/v1/insights/reports/')).results;
    const report = reports.find((r) => r.name.startsWith('Storefront')) ?? reports[0];
    assert.ok(linux && rtos && alert && agent && report, 'the demo tenant is seeded');

    screens.push(
      '/',
      '/?tab=technical',
      '/agents',
      '/agents?tab=agents',
      `/agents/${agent.uid}`,
      '/devices',
      '/alerts',
      `/devices/${linux.uid}`,
      `/devices/${rtos.uid}`,
      `/alerts/${alert.uid}`,
      '/api-keys',
      ...['user', 'reporting', 'allow-lists', 'feeds', 'about'].map((tab) => `/settings?tab=${tab}`),
      '/insights',
      ...['overview', 'context', 'system-review', 'sbom'].map((tab) => `/insights/${report.uid}/?tab=${tab}`),
      '/threat-landscape',
    );
  });

  after(async () => {
    await wide?.browser.close();
    await narrow?.browser.close();
    await anonymous?.close();
    await dark?.browser.close();
    await app?.stop();
  });

  test('/login', async () => {
    for (const viewport of [WIDE, NARROW]) {
      const page = await (await anonymous.newContext({ viewport })).newPage();
      await checkScreen(page, app.baseURL, '/login', { narrow: viewport === NARROW });
      await page.context().close();
    }
  });

  test('every signed-in screen at 1280 px', async (t) => {
    for (const path of screens) await t.test(path, () => checkScreen(wide.page, app.baseURL, path, { narrow: false }));
  });

  test('every signed-in screen at 800 px', async (t) => {
    for (const path of screens) await t.test(path, () => checkScreen(narrow.page, app.baseURL, path, { narrow: true }));
  });

  test('every screen in dark mode at 1280 px (the system prefers dark)', async (t) => {
    const drawnDark = () => dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor === 'rgb(18, 18, 18)');
    await t.test('/login', async () => {
      const page = await (await anonymous.newContext({ viewport: WIDE, colorScheme: 'dark' })).newPage();
      await checkScreen(page, app.baseURL, '/login', { narrow: false });
      await page.context().close();
    });
    for (const path of screens) {
      await t.test(path, async () => {
        await checkScreen(dark.page, app.baseURL, path, { narrow: false });
        assert.ok(await drawnDark(), `${path} is drawn dark`);
      });
    }
  });
});
