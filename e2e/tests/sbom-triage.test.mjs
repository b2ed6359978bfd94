// SBOM triage as an AppSec analyst does it, against the production build: upload an SBOM with
// the copied command, mark its vulnerability not_affected in the dialog, upload the same SBOM
// again, find the analysis kept, and download the CycloneDX export carrying it. Our own SBOM:
// fixtures/test-sbom/shop-npm.cdx-1.7.json, which lists CVE-2999-1005 against jquery 3.4.1.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openInsights, shell, UPLOAD_LABEL } from '../lib/insights-page.mjs';
import { startConsole, ROOT } from '../lib/server.mjs';

const SBOM_FILE = join(ROOT, 'fixtures', 'test-sbom', 'shop-npm.cdx-1.7.json');
const LISTED = 'CVE-2999-1005';
const DETAIL = 'jQuery is only served to the admin page, which never parses HTML from users.';

describe('SBOM triage (production build)', () => {
  let app;
  let ui;
  let page;

  before(async () => {
    app = await startConsole();
    ui = await openInsights(app);
    page = ui.page;
  });

  after(async () => {
    await ui?.close();
    await app?.stop();
  });

  const listedCell = (n) =>
    page.getByRole('table', { name: 'Vulnerabilities' }).getByRole('row').filter({ hasText: LISTED }).getByRole('cell').nth(n);
  const analysisCell = () => listedCell(6);

  test('triage not_affected → re-upload → kept → in the CycloneDX export', async () => {
    const uid = await ui.createReport(`e2e triage ${Date.now()}`);
    // Copied while Upload Required shows it: the same command uploads again later.
    const upload = await ui.copyCommand(UPLOAD_LABEL);
    const { dir: scanDir } = await ui.scanThisMachine();
    const dir = ui.folderWith({ 'bom.json': readFileSync(SBOM_FILE), 'audit.json': readFileSync(join(scanDir, 'audit.json')) });
    const first = await shell(upload, dir);
    assert.equal(first.code, 0, `the upload failed:\n${first.stdout}\n${first.stderr}`);
    await page.getByRole('tab', { name: 'SBOM' }).waitFor();
    await page.getByRole('tab', { name: 'SBOM' }).click();
    // No real feed is loaded here and the demo catalogue never matches an upload: no fix is
    // invented for what only the file lists.
    await listedCell(5)
      .filter({ hasText: /^Not stated$/ })
      .waitFor();
    await page.getByRole('table', { name: 'Vulnerabilities' }).getByText(LISTED, { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: LISTED });
    await dialog.waitFor();

    await dialog.getByRole('combobox', { name: /^State/ }).click();
    await page.getByRole('option', { name: 'Not affected', exact: true }).click();
    await dialog.getByRole('combobox', { name: /^Justification/ }).click();
    await page.getByRole('option', { name: 'Code not reachable', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Comment' }).fill(DETAIL);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/reports/${uid}/sbom/analyses/`),
    );
    await dialog.getByRole('button', { name: 'Save analysis' }).click();
    assert.equal((await saved).status(), 200);
    await dialog.getByText(/^Saved/).waitFor();
    // The trail says who and when; the dialog the analysis and where it comes from.
    await dialog
      .getByRole('list', { name: 'Analysis trail' })
      .getByText(/demo@example\.com in the console/)
      .waitFor();
    await dialog.getByText(/^Set in the console: demo@example\.com/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await analysisCell()
      .filter({ hasText: /^Not affectedCode not reachableSet in the console$/ })
      .waitFor();

    // The same SBOM again, by the same command.
    const run = await shell(upload, dir);
    assert.equal(run.code, 0, `the re-upload failed:\n${run.stdout}\n${run.stderr}`);
    await page.reload();
    await page.getByRole('tab', { name: 'SBOM' }).click();
    await analysisCell()
      .filter({ hasText: /^Not affectedCode not reachableSet in the console$/ })
      .waitFor();

    // The export carries it as CycloneDX 1.6 VEX.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CycloneDX 1.6 with VEX' }).click();
    const file = await (await download).path();
    const bom = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(bom.specVersion, '1.6');
    const [vulnerability] = bom.vulnerabilities.filter((v) => v.id === LISTED);
    assert.equal(vulnerability.analysis.state, 'not_affected');
    assert.equal(vulnerability.analysis.justification, 'code_not_reachable');
    assert.equal(vulnerability.analysis.detail, DETAIL);
  });
});
