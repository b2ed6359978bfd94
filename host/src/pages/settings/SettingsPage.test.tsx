import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { SettingsPage } from './SettingsPage';

describe('SettingsPage', () => {
  it('opens the User tab by default', () => {
    renderWithAuth(<SettingsPage />, { path: '/settings' });
    expect(screen.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
  });

  it('follows ?tab= and writes the chosen tab back to the query', async () => {
    renderWithAuth(<SettingsPage />, { path: '/settings/?tab=reporting' });
    expect(screen.getByRole('tab', { name: 'Reporting' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/How often would you like to receive reports\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Allow Lists' }));
    expect(currentLocation().search).toBe('?tab=allow-lists');
    expect(screen.getByText(/anomaly detection engine/)).toBeInTheDocument();
    expect(document.title).toBe('Allow Lists · Settings · Security Console');
  });
});
