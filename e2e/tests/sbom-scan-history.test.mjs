// The scan history as a user meets it, against the production build: upload an SBOM with the copied
// command, upload it again with one component upgraded (jquery 3.4.1 → 3.5.0, which fixes the
// CVE-2999-1005 the file listed against it), then the Scans tab lists both scans and the diff
// shows the upgrade and the fix. Our own SBOM: fixtures/test-sbom/shop-npm.cdx-1.7.json.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { insightsSuite, shell, UPLOAD_LABEL } from '../lib/insights-page.mjs';
import { ROOT } from '../lib/server.mjs';

const SBOM = readFileSync(join(ROOT, 'fixtures', 'test-sbom', 'shop-npm.cdx-1.7.json'), 'utf8');
const OLD = 'pkg:npm/jquery@3.4.1';
const NEW = 'pkg:npm/jquery@3.5.0';

/** The same product with jquery upgraded: its version, purl and ref; the vulnerability it fixed is gone. */
function upgraded() {
  const bom = JSON.parse(SBOM);
  const jquery = bom.components.find((c) => c.purl === OLD);
  Object.assign(jquery, { version: '3.5.0', purl: NEW, 'bom-ref': NEW });
  bom.vulnerabilities = bom.vulnerabilities.filter((v) => !v.affects.some((a) => a.ref === OLD));
  return JSON.stringify(bom);
}

describe('SBOM scan history (production build)', () => {
  const suite = insightsSuite();

  test('upload → re-upload with one component upgraded → two scans, the diff shows the change', async () => {
    const { ui, page } = suite;
    await ui.createReport(`e2e scan history ${Date.now()}`);
    const upload = await ui.copyCommand(UPLOAD_LABEL);
    // Only bom.json each time: the command works with either file.
    const first = await shell(upload, ui.folderWith({ 'bom.json': SBOM }));
    assert.equal(first.code, 0, `the upload failed:\n${first.stdout}\n${first.stderr}`);
    await page.getByRole('tab', { name: 'Scans' }).waitFor();
    const second = await shell(upload, ui.folderWith({ 'bom.json': upgraded() }));
    assert.equal(second.code, 0, `the re-upload failed:\n${second.stdout}\n${second.stderr}`);

    await page.reload();
    await page.getByRole('tab', { name: 'Scans' }).click();
    const scans = page.getByRole('table', { name: 'Scans' });
    await scans.getByRole('row').nth(2).waitFor();
    assert.equal(await scans.getByRole('row').count(), 3, 'a header and two scans');

    const status = page.getByRole('status').filter({ hasText: /^Components:/ });
    await status.filter({ hasText: '0 added, 0 removed, 1 upgraded' }).waitFor();
    const row = page.getByRole('table', { name: 'Components upgraded' }).getByRole('row').nth(1);
    assert.deepEqual(await row.getByRole('cell').allTextContents(), ['jquery', '3.4.1', '3.5.0', NEW]);
    await page.getByRole('table', { name: 'Fixed vulnerabilities' }).getByText('CVE-2999-1005', { exact: true }).waitFor();
    assert.equal(
      await page.getByRole('table', { name: 'New vulnerabilities' }).count(),
      0,
      'upgrading jquery brought no new vulnerability',
    );
  });
});
