import { formatDateTime } from '@console/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { SettingsPage } from './SettingsPage';

jest.mock('../../remotes/hostBuild', () => ({
  HOST_BUILD: { name: 'host', version: '1.9.0', buildTime: '', provides: { react: '19.3.1', '@console/shared': '1.9.0' } },
}));

const BUILT = '2026-03-04T05:06:07.000Z';
const REMOTES_JSON = {
  host: { name: 'host', version: '1.9.0', buildTime: BUILT },
  remotes: {
    detect: {
      name: 'detect',
      entry: '/remotes/detect/mf-manifest.json',
      version: '1.4.0',
      buildTime: BUILT,
      requires: { '@console/shared': '^2' },
    },
    insights: {
      name: 'insights',
      entry: '/remotes/insights/mf-manifest.json',
      version: '1.2.3',
      buildTime: BUILT,
      requires: { react: '^19.0.0' },
    },
    threat: { name: 'threat', entry: 'https://cdn.example.com/threat/mf-manifest.json', version: null, buildTime: null },
  },
};

function rowOf(app: string) {
  return within(screen.getByRole('cell', { name: app }).closest('tr')!);
}

describe('Settings › About', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => REMOTES_JSON })) as unknown as typeof fetch;
  });

  it('is the tab after Vulnerability feed and shows the version and build time of the host and of every remote', async () => {
    renderWithAuth(<SettingsPage />, { path: '/settings' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'User',
      'Reporting',
      'Allow Lists',
      'Vulnerability feed',
      'About',
    ]);
    expect(globalThis.fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'About' }));
    await screen.findByRole('table', { name: 'Versions' });
    expect(globalThis.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());

    const built = formatDateTime(BUILT);
    expect(rowOf('Console (host)').getByRole('cell', { name: '1.9.0' })).toBeInTheDocument();
    expect(rowOf('Console (host)').getByRole('cell', { name: built })).toBeInTheDocument();
    expect(rowOf('INSIGHTS').getByRole('cell', { name: '1.2.3' })).toBeInTheDocument();
    expect(rowOf('INSIGHTS').getByRole('cell', { name: 'Compatible' })).toBeInTheDocument();
    expect(
      rowOf('DETECT').getByText(
        'DETECT 1.4.0 needs @console/shared ^2 — this console provides 1.9.0; deploy a matching DETECT or upgrade the console',
      ),
    ).toBeInTheDocument();
    expect(rowOf('THREAT').getByText(/could not be read/)).toBeInTheDocument();
  });
});
