import { renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { screen } from '@testing-library/react';
import { DevRoutes } from '../../dev/DevRoutes';

// The page's own states are covered in ThreatLandscapePage.test.tsx; here only the route matters.
jest.mock('../api/honeypot-metrics', () => ({
  useHoneypotMetrics: () => ({ data: undefined, error: undefined, isLoading: true }),
}));

describe('threat pages', () => {
  it('renders ThreatLandscapePage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/threat-landscape' });
    expect(screen.getByRole('heading', { name: 'Threat Landscape' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
});
