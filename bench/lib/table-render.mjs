// Time from data to rendered table in Chromium: the packages table of a device page, measured in
// the page itself. A MutationObserver (installed before the console's code runs) stamps every
// change of the table's rows with performance.now(); Resource Timing gives when the packages
// response's last byte arrived (responseEnd, same clock). data → DOM is the difference; data →
// paint adds the next frame (a task queued from requestAnimationFrame runs after that frame).
import { launchBrowser, signIn } from '../../e2e/lib/browser.mjs';

const TABLE = 'table[aria-label="System Packages"] tbody';

/** Runs in the page before any of its scripts. */
function installProbe(selector) {
  const changes = [];
  let last = null;
  const key = () => {
    const body = document.querySelector(selector);
    if (!body || body.rows.length === 0 || body.rows[0].cells.length < 2) return null;
    return `${body.rows.length}|${body.rows[0].textContent}|${body.rows[body.rows.length - 1].textContent}`;
  };
  new MutationObserver(() => {
    const now = key();
    if (now === null || now === last) return;
    last = now;
    const change = { dom: performance.now(), paint: null, rows: document.querySelector(selector).rows.length };
    changes.push(change);
    requestAnimationFrame(() =>
      setTimeout(() => {
        change.paint = performance.now();
      }, 0),
    );
  }).observe(document, { childList: true, subtree: true, characterData: true });
  window.__tableChanges = changes;
}

/** Waits for the n-th row change (0-based) to be painted and pairs it with the packages response before it. */
async function measureChange(page, index) {
  await page.waitForFunction((i) => window.__tableChanges?.[i]?.paint != null, index, { timeout: 30_000 });
  return page.evaluate((i) => {
    const change = window.__tableChanges[i];
    const responses = performance
      .getEntriesByType('resource')
      .filter((e) => /\/devices\/[^/]+\/packages\/\?/.test(e.name) && e.responseEnd <= change.dom);
    const data = responses.at(-1);
    if (!data) throw new Error('no packages response before the rows changed');
    return {
      rows: change.rows,
      dataToDom: change.dom - data.responseEnd,
      dataToPaint: change.paint - data.responseEnd,
      fetch: data.responseEnd - data.startTime,
      sinceNavigation: change.dom,
    };
  }, index);
}

/**
 * Opens the device page `loads` times (each a fresh navigation, caches warm), then pages
 * through the table `pages` times with "Go to next page". Resolves the samples of both.
 */
export async function measurePackagesTable({ baseURL, deviceUid, email, password, loads = 10, pages = 20 }) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, baseURL, email, password);
    await page.addInitScript(installProbe, TABLE);
    const load = [];
    const paging = [];
    for (let i = 0; i < loads + 1; i++) {
      await page.goto(`${baseURL}/devices/${deviceUid}`);
      const sample = await measureChange(page, 0);
      if (i > 0) load.push(sample); // the first load warms the browser cache
    }
    const next = page.getByRole('region', { name: 'System Packages' }).getByRole('button', { name: 'Go to next page' });
    for (let i = 0; i < pages; i++) {
      const seen = await page.evaluate(() => window.__tableChanges.length);
      await next.click();
      paging.push(await measureChange(page, seen));
    }
    return { load, paging };
  } finally {
    await browser.close();
  }
}
