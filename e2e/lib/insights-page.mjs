// What the INSIGHTS browser suites share: a signed-in page, and the steps a person takes on it
// (create a report, copy a command the page shows, run it in a shell).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { signedInPage } from './browser.mjs';
import { startConsole } from './server.mjs';

export const UPLOAD_LABEL = 'Upload command';
export const SCANNER_LABEL = 'Scan and upload from a Linux machine';
/** The copied upload command: sends whichever of bom.json and audit.json the folder holds, with curl. */
export const UPLOAD_COMMAND =
  /^set --; \[ -f bom\.json \] && set -- "\$@" -F sbom=@bom\.json; \[ -f audit\.json \] && set -- "\$@" -F audit=@audit\.json; .*curl .* "\$@" \S+\/api\/v1\/insights\/cli\/scan; fi$/;

/**
 * Call in a describe block: the production console starts and an INSIGHTS page opens before its
 * tests, and both close after them. Read `ui` and `page` inside the tests.
 */
export function insightsSuite() {
  const suite = { app: null, ui: null, page: null };
  before(async () => {
    suite.app = await startConsole();
    suite.ui = await openInsights(suite.app);
    suite.page = suite.ui.page;
  });
  after(async () => {
    await suite.ui?.close();
    await suite.app?.stop();
  });
  return suite;
}

/** Runs a command line the way a person pastes it into a shell; never throws. */
export function shell(command, cwd) {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

export const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chromium signed in as the demo user on `app`, with clipboard access (the Copy buttons), and a scratch folder. */
export async function openInsights(app) {
  // The Copy buttons write to the clipboard; the test reads back what a paste would give.
  const { browser, page } = await signedInPage(app, {
    viewport: { width: 1400, height: 1000 },
    permissions: ['clipboard-read', 'clipboard-write'],
    timeout: 60_000,
  });
  const work = mkdtempSync(join(tmpdir(), 'console-e2e-insights-'));
  let scanned; // { dir, audit }: the scanner's output on this machine, made once

  /** Through the drawer to the list, then Create (type System); resolves the new report's uid. */
  async function createReport(name) {
    await page.getByTestId('nav-drawer').getByRole('link', { name: 'Reports', exact: true }).click();
    await page.waitForURL(/\/insights\/?$/);
    await page.getByRole('heading', { level: 1, name: 'My Insight Reports' }).waitFor();
    const table = page.getByRole('table', { name: 'My Insight Reports' });
    await table.getByRole('row').nth(1).waitFor(); // the seeded reports are listed

    await page.getByLabel('Report Name').fill(name);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'System', exact: true }).click();
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/insights/reports/'));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const response = await created;
    assert.equal(response.status(), 201);
    const { uid } = await response.json();

    // Newest first: the new report heads the list.
    const first = table.getByRole('row').nth(1);
    await first.getByRole('cell', { name, exact: true }).waitFor();
    assert.equal(await first.getByRole('cell').nth(1).textContent(), 'System');
    await first.getByRole('link', { name: `View ${name}` }).click();
    await page.waitForURL(`${app.baseURL}/insights/${uid}/`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('region', { name: 'Upload Required' }).waitFor();
    return uid;
  }

  /** What the Copy button next to a command puts on the clipboard (and the page shows). */
  async function copyCommand(label) {
    const shown = (await page.getByLabel(label, { exact: true }).textContent()).trim();
    await page.getByRole('button', { name: `Copy: ${label}` }).click();
    // The write is asynchronous and the clipboard may still hold the previous command: read it
    // until it changes (waitForFunction would not await the read).
    const copied = await page.evaluate(async (text) => {
      let last = '';
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        last = await navigator.clipboard.readText();
        if (last === text) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return last;
    }, shown);
    assert.equal(copied, shown, 'the clipboard holds the command the page shows');
    return copied;
  }

  /** The page's scanner command with --no-upload, run once on this machine: audit.json and bom.json. */
  async function scanThisMachine() {
    if (scanned) return scanned;
    const command = await copyCommand(SCANNER_LABEL);
    assert.match(command, /^curl .* && sh console-scan --server \S+ --token rt_\S+$/);
    const dir = mkdtempSync(join(work, 'scan-'));
    const run = await shell(`${command} --no-upload`, dir);
    assert.equal(run.code, 0, `the scanner failed:\n${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /console-scan: wrote .*bom\.json .* and .*audit\.json/);
    const audit = JSON.parse(readFileSync(join(dir, 'audit.json'), 'utf8'));
    JSON.parse(readFileSync(join(dir, 'bom.json'), 'utf8'));
    scanned = { dir, audit };
    return scanned;
  }

  /** A fresh folder holding the files the upload command names: { 'bom.json': contents, … }. */
  function folderWith(files) {
    const dir = mkdtempSync(join(work, 'upload-'));
    for (const [file, contents] of Object.entries(files)) writeFileSync(join(dir, file), contents);
    return dir;
  }

  /** Creates a report and uploads `sbom` (bytes) with this machine's audit, by the copied command; resolves { uid, answer, audit }. */
  async function createAndUpload(name, sbom) {
    const uid = await createReport(name);
    const { dir: scanDir, audit } = await scanThisMachine();
    const upload = await copyCommand(UPLOAD_LABEL);
    assert.match(upload, UPLOAD_COMMAND);
    const dir = folderWith({ 'bom.json': sbom, 'audit.json': readFileSync(join(scanDir, 'audit.json')) });
    const run = await shell(upload, dir);
    assert.equal(run.code, 0, `the upload failed:\n${run.stdout}\n${run.stderr}`);
    const answer = JSON.parse(run.stdout);
    assert.equal(answer.report_uid, uid);
    return { uid, answer, audit };
  }

  /** The page's next poll of the report, sent after this call. */
  async function nextReportPoll(uid) {
    const request = await page.waitForRequest(
      (r) => r.method() === 'GET' && r.url().endsWith(`/api/v1/insights/reports/${uid}/`),
    );
    return request.response();
  }

  return {
    page,
    createReport,
    copyCommand,
    scanThisMachine,
    folderWith,
    createAndUpload,
    nextReportPoll,
    async close() {
      await browser.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
