// Debian's Chromium driven by playwright-core: never a downloaded browser.
import { chromium } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from './server.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Counts React renderers in the page: every react-dom copy registers itself with the
 * DevTools hook, so two copies of React in one page show up as two renderers.
 */
export const countReactRenderers = () => {
  window.__reactRenderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      window.__reactRenderers += 1;
      this.renderers.set(window.__reactRenderers, renderer);
      return window.__reactRenderers;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
};

/** Signs in from a fresh /login, so it lands on `/` (a redirect's `from` would send it back there). */
export async function signIn(page, baseURL, email, password) {
  // Going to /login from /login keeps the history entry's state, and with it the `from` of the redirect.
  await page.goto('about:blank');
  await page.goto(`${baseURL}/login`);
  await page.getByLabel(/email/i).first().fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseURL}/`);
}

/**
 * Chromium with one context signed in as the demo user on `app`: where every suite of the pages
 * behind the sign-in starts. `viewport`, clipboard `permissions` and a default `timeout` apply to
 * the context (so to the sign-in too). The caller closes `browser`.
 */
export async function signedInPage(app, { viewport, permissions = [], timeout } = {}) {
  const browser = await launchBrowser();
  const context = await browser.newContext(viewport === undefined ? {} : { viewport });
  if (permissions.length > 0) await context.grantPermissions(permissions, { origin: app.baseURL });
  if (timeout !== undefined) context.setDefaultTimeout(timeout);
  const page = await context.newPage();
  await signIn(page, app.baseURL, DEMO_EMAIL, DEMO_PASSWORD);
  return { browser, context, page };
}
