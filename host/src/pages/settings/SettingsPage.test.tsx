import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLOR_MODE_STORAGE_KEY } from '@console/shared';
import { useTheme } from '@mui/material/styles';
import { currentLocation, renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { SettingsPage } from './SettingsPage';

function ThemeProbe() {
  return <p data-testid="drawn-mode">{useTheme().palette.mode}</p>;
}

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

  it('User: the Theme radio switches the whole page between light and dark, and the choice is kept', async () => {
    window.localStorage.clear();
    const { unmount } = renderWithAuth(
      <>
        <SettingsPage />
        <ThemeProbe />
      </>,
      { path: '/settings?tab=user' },
    );
    expect(screen.getByText('User settings will be available here.')).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(group).toBeInTheDocument();
    // jsdom prefers no scheme: "System" draws light.
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(screen.getByTestId('drawn-mode')).toHaveTextContent('light');

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByTestId('drawn-mode')).toHaveTextContent('dark');
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');

    unmount();
    // A new page load reads the kept choice.
    renderWithAuth(<SettingsPage />, { path: '/settings?tab=user' });
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light');
    window.localStorage.clear();
  });
});
