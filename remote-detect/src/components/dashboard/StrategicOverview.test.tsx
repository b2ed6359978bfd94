import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { Route, Routes } from '@console/shared/src/testing/renderWithAuth';
import { screen, within } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import type MockAdapter from 'axios-mock-adapter';
import { DashboardPage } from '../../pages/DashboardPage';
import { mockHttp, T } from '../../testing/renderRoute';

// Stands in for ApexCharts where it matters: legend entries are written with innerHTML, as the
// real library does. Everything between the API answer and that innerHTML is the real code.
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: function FakeApexChart({ options }: { options: { labels?: string[] } }) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      ref.current!.innerHTML = (options.labels ?? []).map((label) => `<span>${label}</span>`).join('');
    }, [options]);
    return <div ref={ref} data-testid="legend" />;
  },
}));

const EVIL = '<img src=x onerror=alert(1)>';
const strategic = {
  devices_by_risk: [{ risk_score: 'High', count: 1 }],
  devices_by_type: [
    { device_type: EVIL, count: 2 },
    { device_type: 'linux', count: 1 },
  ],
  alerts_by_status: [],
  open_alerts_by_priority: [],
  top_vulnerable_packages: [],
  cve_counts: { total: 0, high_risk: 0, devices_affected: 0, kev: 0, kev_devices: 0, demo: 0 },
  riskiest_devices: [],
  recent_alerts: [],
};

describe('Strategic Overview charts', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockHttp();
    api.onGet(`${T}/summaries/latest/`).reply(404, { detail: 'Not found.' });
    api.onGet(`${T}/dashboard/strategic/`).reply(200, strategic);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  it('shows a device type like <img src=x onerror=alert(1)> as text in the chart legend', async () => {
    renderRoutes(
      <Routes>
        <Route path="*" element={<DashboardPage />} />
      </Routes>,
    );
    const widget = await screen.findByRole('region', { name: 'Devices by type' });
    const legend = await within(widget).findByTestId('legend');
    expect(await within(legend).findByText(EVIL)).toBeInTheDocument();
    expect(within(legend).getByText('Linux')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
