import { renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { screen } from '@testing-library/react';
import { DevRoutes } from '../../dev/DevRoutes';
import { pages } from '.';

// The page's own states are covered in ThreatLandscapePage.test.tsx; here only the route matters.
jest.mock('../api/honeypot-metrics', () => ({
  useHoneypotMetrics: () => ({ data: undefined, error: undefined, isLoading: true }),
}));

describe('threat pages', () => {
  it('declares the Threat Landscape page, with its heading as title', () => {
    expect(pages.map(({ name, path, title }) => [name, path, title])).toEqual([
      ['ThreatLandscapePage', '/threat-landscape', 'Threat Landscape'],
    ]);
  });

  it('renders ThreatLandscapePage with the tenant from the one auth context', async () => {
    renderWithAuth(<DevRoutes />, { path: '/threat-landscape' });
    expect(await screen.findByRole('heading', { name: 'Threat Landscape', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });

  it('names the browser tab Threat Landscape, and gives the title back when left', async () => {
    const { unmount } = renderWithAuth(<DevRoutes />, { path: '/threat-landscape' });
    await screen.findByRole('heading', { name: 'Threat Landscape', level: 1 });
    expect(document.title).toBe('Threat Landscape · Security Console');
    unmount();
    expect(document.title).not.toBe('Threat Landscape · Security Console');
  });
});
