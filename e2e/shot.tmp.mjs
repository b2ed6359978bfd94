import { launchBrowser, signIn } from './lib/browser.mjs';
const [,, path, out, full] = process.argv;
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await signIn(page, 'http://127.0.0.1:8321', 'demo@example.com', 'e2e-demo-password');
await page.goto(`http://127.0.0.1:8321${path}`);
await page.waitForTimeout(4000);
if (process.env.CLICK) { await page.getByText(process.env.CLICK).first().click(); await page.waitForTimeout(1500); }
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close();
