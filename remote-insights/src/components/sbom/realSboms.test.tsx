import { screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderRoute, REPORTS, LICENSE_POLICY, licensePolicy } from '../../testing/renderRoute';
import { report } from '../../testing/reports';
import { normaliseSbom } from '../../testing/sbomFixtures';
import { describeWithSharedData, readSharedJson, sharedJsonFiles } from '../../testing/sharedData';
import { buildSbomView, rootComponent } from './sbomData';

// The real SBOMs other tools made (../shared/data/sbom, read from there, never copied into the
// repository): the tab must take what real tools write, quirks included.

jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => undefined,
  ApexChart: ({ label }: { label: string }) => <div data-testid="chart" aria-label={label} />,
}));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any;
const load = (file: string) => normaliseSbom(readSharedJson<Raw>('sbom', file));

describeWithSharedData('the real SBOMs of ../shared/data/sbom (made by other tools)', ['sbom'], () => {
  it('each gives a view of every component (nested ones too) and every vulnerability, affected components by ref', () => {
    const files = sharedJsonFiles('sbom');
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const raw = readSharedJson<Raw>('sbom', file);
      const view = buildSbomView(normaliseSbom(raw));
      const count = (list: Raw[] | undefined): number =>
        (list ?? []).reduce((n: number, c: Raw) => n + 1 + count(c.components), 0);
      expect(view.components).toHaveLength(count(raw.components));
      expect(view.vulnerabilities).toHaveLength((raw.vulnerabilities ?? []).length);
      for (const row of view.vulnerabilities) {
        expect(row.affected.map((a) => a.ref)).toEqual((row.vulnerability.affects ?? []).map((a) => a.ref));
      }
    }
  });

  it('names their root components as the files do', () => {
    expect(rootComponent(load('juice-shop-11.1.2.cdx-1.4.json'))).toEqual({ name: 'juice-shop', version: '14.1.1' });
    expect(rootComponent(load('laravel-7.12.0.cdx-1.4.json'))).toEqual({
      name: 'cyclonedx-php-composer-demo',
      version: 'dev-master',
    });
    expect(rootComponent(load('trivy-npm.cdx-1.7.json'))).toEqual({ name: 'testdata/fixtures/repo/npm', version: null });
    expect(rootComponent(load('vex-only.cdx-1.4.json'))).toBeNull();
  });

  describe('the SBOM tab', () => {
    let api: MockAdapter;
    beforeEach(() => {
      api = mockHttp();
      api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
      api.onGet(`${REPORTS}r-1/`).reply(200, report());
    });
    afterEach(() => api.restore());

    it("shows juice-shop's 1,115 components ten a page", async () => {
      api.onGet(`${REPORTS}r-1/sbom`).reply(200, load('juice-shop-11.1.2.cdx-1.4.json'));
      renderRoute('/insights/r-1?tab=sbom');
      const summary = await screen.findByRole('region', { name: 'SBOM Summary' });
      expect(within(summary).getByText('juice-shop 14.1.1')).toBeInTheDocument();
      expect(screen.getByTestId('sbom-component-count')).toHaveTextContent('1,115');
      expect(screen.getByText('1–10 of 1,115')).toBeInTheDocument();
    });
  });
});
