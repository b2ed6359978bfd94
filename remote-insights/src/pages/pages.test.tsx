import { renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { screen } from '@testing-library/react';
import { DevRoutes } from '../../dev/DevRoutes';

describe('insights pages', () => {
  it('renders InsightsListPage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/insights' });
    expect(screen.getByRole('heading', { name: 'My Insight Reports' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
  it('renders ReportDetailPage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/insights/x-1' });
    expect(screen.getByRole('heading', { name: 'Insight Report' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
});
