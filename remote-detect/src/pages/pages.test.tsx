import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../testing/renderRoute';
import { pages } from '.';

jest.mock('@console/shared', () => ({ ...jest.requireActual('@console/shared'), ApexChart: () => null }));

// Path, heading, tenant caption. The browser tests rely on the headings and on the tenant caption of
// Dashboard, Agents and API Keys.
const ROUTES: [string, string, boolean][] = [
  ['/', 'Dashboards', true],
  ['/devices/:uid', 'Device Details', false],
  ['/agents', 'Agents', true],
  ['/agents/:uid', 'Agent', false],
  ['/alerts/:uid', 'Alert', false],
  ['/api-keys', 'API Keys', true],
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
});
