import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../testing/renderRoute';
import { pages } from '.';

jest.mock('@console/shared', () => ({ ...jest.requireActual('@console/shared'), ApexChart: () => null }));

// Path, heading, tenant caption, browser tab title (before any data). The browser tests rely on the
// headings and on the tenant caption of Dashboard, Agents and API Keys.
const ROUTES: [string, string, boolean, string][] = [
  ['/', 'Dashboards', true, 'Dashboards · Security Console'],
  ['/devices', 'Devices', true, 'Devices · Security Console'],
  ['/devices/:uid', 'Device Details', false, 'Devices · Security Console'],
  ['/agents', 'Agents', true, 'Agents · Security Console'],
  ['/agents/:uid', 'Agent', false, 'Agents · Security Console'],
  ['/alerts', 'Alerts', true, 'Alerts · Security Console'],
  ['/alerts/:uid', 'Alert', false, 'Alerts · Security Console'],
  ['/api-keys', 'API Keys', true, 'API Keys · Security Console'],
];

describe('detect routes', () => {
  const page = setupPageTest({ quiet: true });
  beforeEach(() => page.api.onAny().reply(404, { detail: 'Not found.' }));

  it('declares these pages, each with its heading as title', () => {
    expect(pages.map(({ path, title }) => [path, title])).toEqual(ROUTES.map(([path, heading]) => [path, heading]));
  });

  it.each(ROUTES)('%s shows the heading %s', async (path, heading, caption) => {
    renderRoute(path.replace(':uid', 'x-1'));
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    if (caption) expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });

  it.each(ROUTES)('%s names the browser tab', async (path, heading, _caption, title) => {
    const { unmount } = renderRoute(path.replace(':uid', 'x-1'));
    await screen.findByRole('heading', { name: heading, level: 1 });
    expect(document.title).toBe(title);
    unmount();
    expect(document.title).not.toBe(title);
  });
});
