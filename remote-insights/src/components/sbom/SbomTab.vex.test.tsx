import type { SbomPayload } from '@console/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { currentLocation } from '@console/shared/src/testing/renderWithAuth';
import { mockHttp, renderRoute, REPORTS, LICENSE_POLICY, licensePolicy } from '../../testing/renderRoute';
import { report } from '../../testing/reports';
import { vexSbom } from '../../testing/sbomFixtures';

// VEX analysis, severities from a bare CVSS score and affects naming the root component, with our
// own file fixtures/test-vex/vex-all-states.cdx-1.6.json as the API answers it.

jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => undefined,
  ApexChart: ({ series, options }: { series: number[]; options: { labels: string[] } }) => (
    <div data-testid="chart" data-series={JSON.stringify(series)} data-labels={JSON.stringify(options.labels)} />
  ),
}));

const R1 = `${REPORTS}r-1/`;

/**
 * What the API stores for the file: CVE-2999-0031's only rating (CVSS 9.8, no severity) gets
 * "critical" from its score, marked console:severity-from-score (docs/insights-api.md).
 */
function answered(): SbomPayload {
  const sbom = vexSbom();
  const first = sbom.vulnerabilities[0]!;
  first.ratings[0]!.severity = 'critical';
  first.properties = [{ name: 'console:severity-from-score', value: '0' }];
  return sbom;
}

function chart(title: string) {
  const el = within(screen.getByRole('region', { name: title })).getByTestId('chart');
  const labels: string[] = JSON.parse(el.getAttribute('data-labels')!);
  const series: number[] = JSON.parse(el.getAttribute('data-series')!);
  return Object.fromEntries(labels.map((label, i) => [label, series[i]]));
}
const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
const cellOf = (id: string, index: number) =>
  within(rowsOf('Vulnerabilities').find((row) => row.textContent?.startsWith(id))!).getAllByRole('cell')[index]!.textContent;
const summary = (label: string) =>
  within(screen.getByRole('region', { name: 'SBOM Summary' })).getByText(label).nextElementSibling?.textContent;

describe('SBOM tab: VEX analysis and scores', () => {
  let api: MockAdapter;
  beforeEach(async () => {
    api = mockHttp();
    api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
    api.onGet(R1).reply(200, report());
    api.onGet(`${R1}sbom/analyses/`).reply(200, { results: [] });
    api.onGet(`${R1}sbom/feed/`).reply(200, {
      demo: false,
      checked: 0,
      unsupported: 1,
      no_purl: 0,
      coverage: [],
      vulnerabilities: {},
    });
    api.onGet(`${R1}sbom`).reply(200, answered());
    renderRoute('/insights/r-1?tab=sbom&vulns_size=25');
    await screen.findByRole('region', { name: 'SBOM Summary' });
  });
  afterEach(() => api.restore());

  it('counts not_affected, false_positive and resolved apart from the open ones (card and pie)', () => {
    expect(summary('Vulnerabilities')).toBe('7');
    // Open: exploitable, in_triage and the one without analysis.
    expect(summary('Open')).toBe('3');
    expect(summary('Closed by VEX')).toBe('Not affected: 1, False positive: 1, Resolved: 2');
    // The open ones by severity (critical, medium, high), then the closed ones by state.
    expect(chart('Vulnerability Severity')).toEqual({
      Critical: 1,
      High: 1,
      Medium: 1,
      'Not affected (VEX)': 1,
      'False positive (VEX)': 1,
      'Resolved (VEX)': 2,
    });
  });

  it('shows each analysis in the table, filterable by it (in the URL)', async () => {
    expect(cellOf('CVE-2999-0031', 6)).toBe('Not affectedCode not reachable, Will not fix, Update');
    expect(cellOf('CVE-2999-0035', 6)).toBe('ExploitableWorkaround available');
    expect(cellOf('CVE-2999-0034', 6)).toBe('Resolved');
    expect(cellOf('CVE-2999-0037', 6)).toBe('N/A');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Analysis' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Resolved (2)' }));
    expect(rowsOf('Vulnerabilities').map((row) => row.textContent?.slice(0, 13))).toEqual(['CVE-2999-0033', 'CVE-2999-0034']);
    expect(currentLocation().search).toContain('vulns_vex=resolved');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Analysis' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Open (3)' }));
    expect(rowsOf('Vulnerabilities')).toHaveLength(3);
  });

  it('ranks a bare CVSS 9.8 as critical and shows the score, vector and where the severity came from', async () => {
    expect(cellOf('CVE-2999-0031', 1)).toBe('Critical');
    expect(cellOf('CVE-2999-0031', 2)).toBe(
      '9.8 (CVSSv31)CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:HSeverity from the CVSS score (the SBOM states none)',
    );
    // A stated severity without a score: no score to show.
    expect(cellOf('CVE-2999-0032', 2)).toBe('N/A');
    await userEvent.click(screen.getByText('CVE-2999-0031'));
    const dialog = await screen.findByRole('dialog', { name: 'CVE-2999-0031' });
    const field = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(field('Score')).toBe(
      '9.8 (CVSSv31)\nCVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H\nSeverity from the CVSS score (the SBOM states none)',
    );
    expect(field('Analysis State')).toBe('Not affected');
    expect(field('Justification')).toBe('Code not reachable');
    expect(field('Response')).toBe('Will not fix, Update');
    expect(field('Analysis Detail')).toBe('The vulnerable parser is never called by the gateway.');
    // The rating itself says its severity came from the score.
    expect(within(within(dialog).getByRole('table', { name: 'Ratings' })).getByText('from score')).toBeInTheDocument();
  });

  it('resolves an affects ref naming the root component, listed once', async () => {
    // The file names the root twice for CVE-2999-0031.
    expect(cellOf('CVE-2999-0031', 4)).toBe('acme-gateway@4.2.0');
    await userEvent.click(screen.getByText('CVE-2999-0031'));
    const dialog = await screen.findByRole('dialog', { name: 'CVE-2999-0031' });
    const affected = within(within(dialog).getByText('Affected Components').nextElementSibling as HTMLElement).getAllByRole(
      'listitem',
    );
    expect(affected.map((item) => item.textContent)).toEqual(["acme-gateway@4.2.0 (the SBOM's root component)"]);
    expect(dialog).not.toHaveTextContent('not listed in this SBOM');
  });
});
