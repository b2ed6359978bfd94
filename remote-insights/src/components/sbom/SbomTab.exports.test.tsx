import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { LICENSE_POLICY, licensePolicy, mockHttp, renderRoute, REPORTS } from '../../testing/renderRoute';
import { report } from '../../testing/reports';
import { loadSbom, SBOM_FILES } from '../../testing/sbomFixtures';

// The Components and Vulnerabilities CSVs hold the rows the tables show: the page passes each
// table's type, Analysis filter, search and sort to the API (docs/insights-api.md).

jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => undefined,
  ApexChart: ({ label }: { label: string }) => <div data-testid="chart" aria-label={label} />,
}));

const R1 = `${REPORTS}r-1/`;
const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

describe('SBOM tab: CSV exports of the rows shown', () => {
  let api: MockAdapter;
  let exported: string[];
  beforeEach(() => {
    api = mockHttp();
    api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
    api.onGet(R1).reply(200, report());
    api.onGet(`${R1}sbom`).reply(200, loadSbom(SBOM_FILES.shop));
    api.onGet(`${R1}sbom/analyses/`).reply(200, { results: [] });
    api.onGet(`${R1}sbom/feed/`).reply(500);
    exported = [];
    api.onGet(/\/export\.csv/).reply((config) => {
      exported.push(config.url!);
      return [200, new Blob(['id\r\n'])];
    });
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  const download = async (name: string) => {
    await userEvent.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(exported.length).toBeGreaterThan(0));
    return exported.pop();
  };

  it("passes each table's type, Analysis filter, search and sort", async () => {
    renderRoute(
      '/insights/r-1?tab=sbom&sbom_type=library&components_search=lodash&components_sort=-version' +
        '&vulns_vex=open&vulns_search=jquery&vulns_sort=id',
    );
    await screen.findByRole('table', { name: 'Components' });
    // What the tables show, and what the CSVs are asked for.
    await waitFor(() =>
      expect(rowsOf('Components').map((row) => row.querySelectorAll('td')[2]!.textContent)).toEqual(['4.17.21', '4.17.20']),
    );
    expect(rowsOf('Vulnerabilities')).toHaveLength(1);
    expect(await download('Components CSV')).toBe(`${R1}sbom/components/export.csv?type=library&search=lodash&ordering=-version`);
    expect(await download('Vulnerabilities CSV')).toBe(
      `${R1}sbom/vulnerabilities/export.csv?type=library&vex=open&search=jquery&ordering=id`,
    );
  });

  it('asks for every row without filters, follows a new search, and drops a sort the table ignores', async () => {
    renderRoute('/insights/r-1?tab=sbom&components_sort=licenses');
    await screen.findByRole('table', { name: 'Components' });
    expect(await download('Components CSV')).toBe(`${R1}sbom/components/export.csv`);
    expect(await download('Vulnerabilities CSV')).toBe(`${R1}sbom/vulnerabilities/export.csv`);
    const box = screen.getByRole('textbox', { name: 'Search components' });
    await userEvent.type(box, 'semver');
    await waitFor(() => expect(rowsOf('Components')).toHaveLength(3));
    expect(await download('Components CSV')).toBe(`${R1}sbom/components/export.csv?search=semver`);
  });
});
