import type { SbomConsoleAnalysis } from '@console/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderRoute, REPORTS, LICENSE_POLICY, licensePolicy } from '../../testing/renderRoute';
import { report } from '../../testing/reports';
import { vexSbom } from '../../testing/sbomFixtures';

// Triage in the SBOM tab: the console's analyses (GET …/sbom/analyses/) laid over the file's, the
// form in the vulnerability dialog (PUT), its trail, the downloads and the VEX upload. The SBOM is
// our fixtures/test-vex/vex-all-states.cdx-1.6.json: CVE-2999-0037 (high) has no analysis and
// affects libexample (purl pkg:generic/libexample@1.0.0); CVE-2999-0032 is false_positive in the file.

jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => undefined,
  ApexChart: ({ series, options }: { series: number[]; options: { labels: string[] } }) => (
    <div data-testid="chart" data-series={JSON.stringify(series)} data-labels={JSON.stringify(options.labels)} />
  ),
}));

const R1 = `${REPORTS}r-1/`;
const ANALYSES = `${R1}sbom/analyses/`;
const LIB = 'pkg:generic/libexample@1.0.0';

const entry = (
  id: string,
  state: SbomConsoleAnalysis['state'],
  more: Partial<SbomConsoleAnalysis> = {},
): SbomConsoleAnalysis => ({
  component_key: LIB,
  purl: LIB,
  group: null,
  name: null,
  version: null,
  vulnerability_id: id,
  state,
  justification: null,
  response: [],
  detail: '',
  source: 'console',
  updated_at: '2026-03-01T10:00:00Z',
  updated_by: { kind: 'user', uid: 'u-1', label: 'analyst@example.com' },
  ...more,
});

// hidden: the table is aria-hidden behind an open dialog.
const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Vulnerabilities', hidden: true }))
    .getAllByRole('row', { hidden: true })
    .slice(1);
const cellOf = (id: string, index: number) =>
  within(rowsOf().find((row) => row.textContent?.startsWith(id))!).getAllByRole('cell', { hidden: true })[index]!.textContent;
const summary = (label: string) =>
  within(screen.getByRole('region', { name: 'SBOM Summary', hidden: true })).getByText(label).nextElementSibling?.textContent;

async function openDialog(id: string) {
  await userEvent.click(screen.getByText(id));
  const dialog = await screen.findByRole('dialog', { name: id });
  const field = (label: string) => within(dialog).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent;
  return { dialog, field };
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('SBOM tab: triage', () => {
  let api: MockAdapter;
  let stored: SbomConsoleAnalysis[];
  beforeEach(() => {
    stored = [entry('CVE-2999-0032', 'exploitable', { detail: 'It is the right product after all.' })];
    api = mockHttp();
    api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
    api.onGet(R1).reply(200, report());
    api
      .onGet(`${R1}sbom/feed/`)
      .reply(200, { demo: false, checked: 0, unsupported: 1, no_purl: 0, coverage: [], vulnerabilities: {} });
    api.onGet(`${R1}sbom`).reply(200, vexSbom());
    api.onGet(ANALYSES).reply(() => [200, { results: stored }]);
    api.onGet(/sbom\/analyses\/trail\//).reply(200, {
      count: 1,
      results: [
        {
          at: '2026-03-01T10:00:00Z',
          component_key: LIB,
          vulnerability_id: 'CVE-2999-0032',
          state: 'exploitable',
          justification: null,
          response: [],
          detail: 'It is the right product after all.',
          source: 'console',
          actor: { kind: 'user', uid: 'u-1', label: 'analyst@example.com' },
        },
      ],
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => api.restore());

  const open = async () => {
    renderRoute('/insights/r-1?tab=sbom&vulns_size=25');
    await screen.findByRole('region', { name: 'SBOM Summary' });
    await waitFor(() => expect(cellOf('CVE-2999-0032', 6)).toContain('Exploitable'));
  };

  it("shows the console's analysis over the file's, counted as open, with the file's beside it and the trail", async () => {
    await open();
    expect(cellOf('CVE-2999-0032', 6)).toBe('ExploitableSet in the console');
    // The file said false_positive; the console's exploitable makes it open: 4 open now.
    expect(summary('Open')).toBe('4');
    const { dialog, field } = await openDialog('CVE-2999-0032');
    expect(field('Analysis State')).toBe('Exploitable');
    expect(field('Analysis Detail')).toBe('It is the right product after all.');
    expect(field('Analysis By')).toMatch(/^Set in the console: analyst@example\.com, /);
    expect(field("SBOM File's Analysis")).toBe('False positive');
    const trail = await within(dialog).findByRole('list', { name: 'Analysis trail' });
    expect(trail).toHaveTextContent('Exploitable for libexample@1.0.0');
    expect(trail).toHaveTextContent('analyst@example.com in the console');
  });

  it('sets an analysis with the selects, sends CycloneDX values and refreshes the table and counts', async () => {
    await open();
    expect(summary('Open')).toBe('4');
    api.onPut(ANALYSES).reply((config) => {
      const body = JSON.parse(config.data);
      stored = [...stored, entry(body.vulnerability_id, body.state, { justification: body.justification, detail: body.detail })];
      return [200, stored.at(-1)];
    });
    const { dialog } = await openDialog('CVE-2999-0037');
    await choose(dialog, 'State', 'Not affected');
    await choose(dialog, 'Justification', 'Code not present');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), { target: { value: 'Compiled out.' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save analysis' }));
    await within(dialog).findByText(/^Saved/);
    expect(JSON.parse(api.history.put[0]!.data)).toEqual({
      component: { purl: LIB },
      vulnerability_id: 'CVE-2999-0037',
      state: 'not_affected',
      justification: 'code_not_present',
      response: [],
      detail: 'Compiled out.',
    });
    await waitFor(() => expect(cellOf('CVE-2999-0037', 6)).toBe('Not affectedCode not presentSet in the console'));
    expect(summary('Open')).toBe('3');
    // The report again too: its Overview summary counts the open ones.
    expect(api.history.get.filter((request) => request.url === R1)).toHaveLength(2);
  });

  it('says beside the form why a save failed, with a Retry that sends it again', async () => {
    await open();
    api.onPut(ANALYSES).replyOnce(400, { detail: 'justification: CycloneDX gives one only for not_affected.' });
    api.onPut(ANALYSES).reply(200, entry('CVE-2999-0037', 'in_triage'));
    const { dialog } = await openDialog('CVE-2999-0037');
    await choose(dialog, 'State', 'In triage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save analysis' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not save the analysis: justification: CycloneDX gives one only for not_affected.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByText(/^Saved/);
    expect(api.history.put).toHaveLength(2);
  });

  it('says when the trail or the analyses cannot be loaded, with Retry', async () => {
    let failing = true;
    api.onGet(ANALYSES).reply(() => (failing ? [500] : [200, { results: stored }]));
    let trailFailing = true;
    api.onGet(/sbom\/analyses\/trail\//).reply(() => (trailFailing ? [500] : [200, { count: 0, results: [] }]));
    renderRoute('/insights/r-1?tab=sbom&vulns_size=25');
    const failed = await screen.findByText(/Failed to load the console's analyses/);
    failing = false;
    await userEvent.click(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cellOf('CVE-2999-0032', 6)).toContain('Set in the console'));
    const { dialog } = await openDialog('CVE-2999-0032');
    const error = await within(dialog).findByText('Failed to load the analysis trail');
    trailFailing = false;
    await userEvent.click(within(error.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByText(/^No change yet/);
  });

  it('applies a VEX file and says what was stored and what was refused', async () => {
    await open();
    api.onPost(`${R1}sbom/vex/`).reply(200, {
      applied: 2,
      rejected: [{ index: 3, id: 'CVE-2999-0099', reason: 'vulnerabilities[3].analysis.state is missing: nothing to apply' }],
    });
    const file = new File([JSON.stringify({ bomFormat: 'CycloneDX', vulnerabilities: [{}] })], 'vex.json', {
      type: 'application/json',
    });
    fireEvent.change(screen.getByLabelText('VEX file'), { target: { files: [file] } });
    const alert = await screen.findByText(/^VEX applied: 2 analyses stored\./);
    expect(alert).toHaveTextContent('1 entries refused — #3 CVE-2999-0099: vulnerabilities[3].analysis.state is missing');
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ bomFormat: 'CycloneDX', vulnerabilities: [{}] });
  });

  it('downloads the CycloneDX export, and says when it fails with Retry', async () => {
    await open();
    const created: string[] = [];
    URL.createObjectURL = jest.fn(() => {
      created.push('blob:1');
      return 'blob:1';
    });
    URL.revokeObjectURL = jest.fn();
    api.onGet(`${R1}sbom/export.cdx.json`).replyOnce(500, { detail: 'boom' });
    api.onGet(`${R1}sbom/export.cdx.json`).reply(200, '{}', { 'content-disposition': 'attachment; filename="sbom.cdx.json"' });
    await userEvent.click(screen.getByRole('button', { name: 'CycloneDX 1.6 with VEX' }));
    const alert = await screen.findByText(/^Could not download the CycloneDX 1\.6 with VEX: boom/);
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(created).toHaveLength(1));
  });
});
