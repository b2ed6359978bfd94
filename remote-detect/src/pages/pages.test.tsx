import { renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { screen } from '@testing-library/react';
import { DevRoutes } from '../../dev/DevRoutes';

describe('detect pages', () => {
  it('renders DashboardPage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/' });
    expect(screen.getByRole('heading', { name: 'Dashboards' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Strategic Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
  it('renders DeviceDetailPage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/devices/x-1' });
    expect(screen.getByRole('heading', { name: 'Device Details' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
  it('renders AgentsPage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/agents' });
    expect(screen.getByRole('heading', { name: 'Agents' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Provision Tokens' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
  it('renders AgentDetailPage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/agents/x-1' });
    expect(screen.getByRole('heading', { name: 'Agent' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
  it('renders AlertDetailPage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/alerts/x-1' });
    expect(screen.getByRole('heading', { name: 'Alert' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
  it('renders ApiKeysPage with the tenant from the one auth context', () => {
    renderWithAuth(<DevRoutes />, { path: '/api-keys' });
    expect(screen.getByRole('heading', { name: 'API Keys' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
});
