// Licenses and dependency paths as an AppSec analyst uses them, against the production build:
// upload an SBOM with only bom.json by the copied command, read the Licenses card, deny MIT in
// the tenant's policy, see components flagged (an SPDX expression too), and open a component to
// find its vulnerability and its path from the root. Our own SBOM:
// fixtures/test-sbom/shop-npm.cdx-1.7.json (7 components MIT, 3 ISC, react's "MIT License" by
// name, cookies "(MIT OR Apache-2.0)", package-lock.json none; jquery 3.4.1 has CVE-2999-1005).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { insightsSuite, shell, UPLOAD_LABEL } from '../lib/insights-page.mjs';
import { ROOT } from '../lib/server.mjs';

const SBOM_FILE = join(ROOT, 'fixtures', 'test-sbom', 'shop-npm.cdx-1.7.json');

describe('SBOM licenses and dependency paths (production build)', () => {
  const suite = insightsSuite();

  const savePolicy = async (text) => {
    const { page } = suite;
    const card = page.getByRole('region', { name: 'Licenses' });
    await card.getByRole('button', { name: 'Denied Licenses…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Denied Licenses' });
    await dialog.getByRole('textbox', { name: 'SPDX license ids' }).fill(text);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/insights/license-policy/'),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    assert.equal((await saved).status(), 200);
    await dialog.waitFor({ state: 'hidden' });
  };

  test('license summary → deny MIT → flagged and counted → a component’s vulnerability and path', async () => {
    const { ui, page } = suite;
    await ui.createReport(`e2e licenses ${Date.now()}`);
    const upload = await ui.copyCommand(UPLOAD_LABEL);
    const run = await shell(upload, ui.folderWith({ 'bom.json': readFileSync(SBOM_FILE) }));
    assert.equal(run.code, 0, `the upload failed:\n${run.stdout}\n${run.stderr}`);
    await page.getByRole('tab', { name: 'SBOM' }).click();

    const card = page.getByRole('region', { name: 'Licenses' });
    await card.getByTestId('license-unknown-count').filter({ hasText: /^1$/ }).waitFor();
    const counts = card.getByRole('table', { name: 'License counts' });
    await counts
      .getByRole('row')
      .filter({ hasText: /^MIT7$/ })
      .waitFor();
    await counts
      .getByRole('row')
      .filter({ hasText: /^ISC3$/ })
      .waitFor();

    await savePolicy('mit');
    // 7 by id, cookies by its expression; react's license is a name ("MIT License"), not the id.
    await card.getByTestId('license-denied-count').filter({ hasText: /^8$/ }).waitFor();
    const components = page.getByRole('table', { name: 'Components' });
    await components
      .getByRole('row')
      .filter({ hasText: /^cookies/ })
      .getByText('Denied: MIT (in expression)')
      .waitFor();

    await components.getByRole('cell', { name: 'jquery', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'jquery 3.4.1' });
    await dialog.getByText('Denied: MIT', { exact: true }).waitFor();
    await dialog.getByRole('table', { name: 'Vulnerabilities of the component' }).getByText('CVE-2999-1005').waitFor();
    assert.deepEqual(await dialog.getByRole('list', { name: 'Dependency paths' }).getByRole('listitem').allTextContents(), [
      'example/shop → package-lock.json → jquery@3.4.1',
    ]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The Overview counts the same 8 from the license sets kept at upload, without the SBOM.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByTestId('denied-licenses').filter({ hasText: '8 components state a denied license: MIT.' }).waitFor();
    await page.getByRole('tab', { name: 'SBOM' }).click();

    // The policy is the tenant's: leave it as the other tests expect it (nothing denied).
    await savePolicy('');
    await card.getByText(/no licenses denied yet/).waitFor();
  });
});
