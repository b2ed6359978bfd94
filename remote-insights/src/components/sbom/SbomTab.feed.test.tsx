// The SBOM tab's KEV, EPSS, demo data and coverage (GET .../sbom/feed/, docs/vuln-feed-api.md).
import type { SbomFeedStatus, SbomPayload } from '@console/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderRoute, REPORTS, LICENSE_POLICY, licensePolicy } from '../../testing/renderRoute';
import { report } from '../../testing/reports';
import { withFindings } from '../../testing/sbomFixtures';

jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => undefined,
  ApexChart: ({ label }: { label: string }) => <div data-testid="chart" aria-label={label} />,
}));

const R1 = `${REPORTS}r-1/`;
const kev = {
  date_added: '2022-03-28',
  due_date: '2022-04-18',
  known_ransomware: false,
  vendor_project: 'minimist',
  product: 'minimist',
  vulnerability_name: 'minimist Prototype Pollution',
  required_action: 'Apply updates per vendor instructions.',
};

/** The first row of the default order (critical, lowest id: SbomTab.test.tsx) is demo data. */
function sbomWithFindings(): SbomPayload {
  const sbom = withFindings();
  const first = 'CVE-2999-1';
  const vulnerabilities = sbom.vulnerabilities.map((v) =>
    v.id === first ? { ...v, properties: [{ name: 'console:demo', value: 'true' }] } : v,
  );
  return { ...sbom, vulnerabilities };
}

describe('SBOM tab: vulnerability feed status', () => {
  let api: MockAdapter;
  let sbom: SbomPayload;
  let ids: { kev: string; epssHigh: string; epssLow: string; demo: string };
  beforeEach(() => {
    api = mockHttp();
    api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
    api.onGet(R1).reply(200, report());
    sbom = sbomWithFindings();
    const lows = sbom.vulnerabilities.filter((v) => v.ratings.some((r) => r.severity === 'low'));
    const demo = sbom.vulnerabilities.find((v) => v.properties?.length)!.id;
    ids = { kev: lows[0]!.id!, epssHigh: lows[1]!.id!, epssLow: lows[2]!.id!, demo: demo! };
    api.onGet(`${R1}sbom`).reply(200, sbom);
    api.onGet(`${R1}sbom/analyses/`).reply(200, { results: [] });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  const feed = (over: Partial<SbomFeedStatus> = {}): SbomFeedStatus => ({
    demo: false,
    checked: 1115,
    unsupported: 0,
    no_purl: 0,
    coverage: [{ ecosystem: 'npm', packages: 1115, advisories: 4200, demo_advisories: 0 }],
    kev_loaded: true,
    epss_loaded: true,
    vulnerabilities: {
      [ids.kev]: { kev, epss: 0.0123, epss_percentile: 0.81 },
      [ids.epssHigh]: { kev: null, epss: 0.9731, epss_percentile: 0.9988 },
      [ids.epssLow]: { kev: null, epss: 0.0004, epss_percentile: 0.1 },
    },
    ...over,
  });

  async function open(status: SbomFeedStatus | [number, unknown]) {
    const [code, body] = Array.isArray(status) ? status : [200, status];
    api.onGet(`${R1}sbom/feed/`).reply(code, body);
    renderRoute('/insights/r-1?tab=sbom');
    return screen.findByRole('table', { name: 'Vulnerabilities' });
  }
  const rows = () =>
    within(screen.getByRole('table', { name: 'Vulnerabilities' }))
      .getAllByRole('row')
      .slice(1);
  const idsShown = () => rows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

  it('shows the KEV badge and EPSS, sortable: KEV first, then likeliest exploitation first; severity stays the default', async () => {
    const table = await open(feed());
    // Default order (spec): severity, highest first.
    expect(within(rows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('Critical');
    await userEvent.click(within(table).getByRole('button', { name: 'KEV' }));
    expect(await within(rows()[0]!).findByText('KEV')).toBeInTheDocument();
    expect(idsShown()[0]).toBe(ids.kev);
    await userEvent.hover(within(rows()[0]!).getByText('KEV'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Due 2022-04-18');

    await userEvent.click(within(table).getByRole('button', { name: 'EPSS' }));
    expect(idsShown().slice(0, 3)).toEqual([ids.epssHigh, ids.kev, ids.epssLow]);
    expect(
      rows()
        .slice(0, 3)
        .map((row) => within(row).getAllByRole('cell').at(-1)!.textContent),
    ).toEqual(['97.3%', '1.2%', '0.04%']);
    await userEvent.click(within(table).getByRole('button', { name: 'EPSS' }));
    // Ascending: lowest score first, unscored still last.
    expect(idsShown().slice(0, 3)).toEqual([ids.epssLow, ids.kev, ids.epssHigh]);
  });

  it('opens the dialog with the KEV details and EPSS', async () => {
    const table = await open(feed());
    await userEvent.click(within(table).getByRole('button', { name: 'KEV' }));
    await userEvent.click(within(rows()[0]!).getAllByRole('cell')[0]!);
    const dialog = await screen.findByRole('dialog', { name: ids.kev });
    const field = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(field('KEV date added')).toHaveTextContent('2022-03-28');
    expect(field('KEV due date')).toHaveTextContent('2022-04-18');
    expect(field('Required action')).toHaveTextContent('Apply updates per vendor instructions.');
    expect(field('Known ransomware use')).toHaveTextContent('Unknown');
    expect(field('EPSS')).toHaveTextContent('1.2% (percentile 81.0)');
  });

  it('marks a vulnerability with console:demo = true "Demo data", in the table and the dialog', async () => {
    const table = await open(feed());
    const demoRow = rows()[0]!;
    expect(within(demoRow).getAllByRole('cell')[0]).toHaveTextContent(ids.demo);
    expect(within(demoRow).getByText('Demo data')).toBeInTheDocument();
    expect(within(table).getAllByText('Demo data')).toHaveLength(1);
    await userEvent.click(within(demoRow).getByText(ids.demo));
    expect(within(await screen.findByRole('dialog')).getByText('Demo data')).toBeInTheDocument();
  });

  it('warns about an ecosystem without advisories and unchecked components', async () => {
    await open(
      feed({
        coverage: [
          { ecosystem: 'Debian:12', packages: 20, advisories: 51_000, demo_advisories: 0 },
          { ecosystem: 'npm', packages: 1095, advisories: 0, demo_advisories: 0 },
        ],
        unsupported: 3,
        no_purl: 2,
      }),
    );
    const warnings = within(await screen.findByLabelText('Coverage warnings')).getAllByRole('alert');
    expect(warnings.map((w) => w.textContent)).toEqual([
      'No advisories loaded for npm — findings are incomplete',
      '5 components were not checked (no package URL, or an ecosystem the console cannot match)',
    ]);
  });

  it('shows no warning when everything was checked against loaded advisories', async () => {
    await open(feed({ kev_loaded: true, epss_loaded: true }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when KEV or EPSS data is not loaded, so an empty column is not read as "not exploited"', async () => {
    await open(feed({ kev_loaded: false, epss_loaded: false }));
    expect(await screen.findByText(/KEV catalogue and FIRST's EPSS scores are not loaded/)).toBeInTheDocument();
  });

  it('explains a demo SBOM, whose ecosystems the demo catalogue covers', async () => {
    await open(feed({ demo: true, coverage: [{ ecosystem: 'npm', packages: 1115, advisories: 0, demo_advisories: 30 }] }));
    expect(await screen.findByText(/Demo SBOM: the console matched it against the demo catalogue/)).toBeInTheDocument();
    expect(screen.queryByText(/No advisories loaded/)).not.toBeInTheDocument();
  });

  it('says "Could not load vulnerability feed status" with a Retry, and shows it once the retry works', async () => {
    await open([404, { detail: 'Not found.' }]);
    expect(await screen.findByText('Could not load vulnerability feed status')).toBeInTheDocument();
    // Nothing is claimed about exploitation while the status is missing.
    expect(screen.queryByText('KEV', { selector: '.MuiChip-label' })).not.toBeInTheDocument();
    api.onGet(`${R1}sbom/feed/`).reply(200, feed({ unsupported: 4 }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('4 components were not checked (no package URL, or an ecosystem the console cannot match)'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Could not load vulnerability feed status')).not.toBeInTheDocument());
  });
});
