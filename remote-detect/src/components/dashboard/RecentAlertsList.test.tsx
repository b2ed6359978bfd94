import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecentAlertsList } from './RecentAlertsList';
import { RiskiestDevicesList } from './RiskiestDevicesList';

describe('dashboard lists', () => {
  it('are lists of items, each item a button that reports its alert or device', async () => {
    const onVariablesChange = jest.fn();
    render(
      <>
        <RecentAlertsList
          rows={[
            {
              uid: 'a-1',
              name: 'Reverse shell',
              status: 'OPEN',
              device: 'd-1',
              device_hostname: 'web-01',
              priority: 'High',
              elastic_alert_created_at: '2026-11-20T08:00:00Z',
            },
          ]}
          onVariablesChange={onVariablesChange}
        />
        <RiskiestDevicesList
          rows={[{ uid: 'd-1', hostname: 'web-01', risk_score: 'High', high_risk_cve_count: 2, kev_count: 1 }]}
          onVariablesChange={onVariablesChange}
        />
      </>,
    );
    for (const name of ['Recent open alerts', 'Riskiest devices']) {
      const list = screen.getByRole('list', { name });
      // Only <li> under the <ul>: what screen readers count as "list, 1 item".
      expect([...list.children].map((child) => child.tagName)).toEqual(['LI']);
      expect(within(within(list).getByRole('listitem')).getByRole('button')).toBeInTheDocument();
    }
    await userEvent.click(within(screen.getByRole('list', { name: 'Riskiest devices' })).getByRole('button'));
    await userEvent.click(within(screen.getByRole('list', { name: 'Recent open alerts' })).getByRole('button'));
    expect(onVariablesChange.mock.calls).toEqual([[{ device_uid: 'd-1' }], [{ alert_uid: 'a-1' }]]);
  });
});
