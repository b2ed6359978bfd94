import type { StrategicDashboard } from '@console/shared';
import { render, screen } from '@testing-library/react';
import { KpiCards } from './KpiCards';

const data = {
  devices_by_type: [{ device_type: 'linux', count: 3 }],
  alerts_by_status: [{ status: 'OPEN', count: 2 }],
  cve_counts: { total: 12, high_risk: 4, devices_affected: 3, kev: 1, kev_devices: 1, demo: 0, kev_loaded: true },
} as unknown as StrategicDashboard;

describe('KpiCards', () => {
  it('says its CVE figures count distinct CVEs (a device counts package–CVE pairs), keeping the labels', () => {
    render(<KpiCards data={data} />);
    expect(screen.getByRole('group', { name: 'CVE findings' })).toHaveTextContent(/^CVE findings12distinct CVEs$/);
    expect(screen.getByRole('group', { name: 'High-risk CVEs' })).toHaveTextContent(
      /^High-risk CVEs4distinct CVEs, CVSS above 7\.5$/,
    );
  });
});
