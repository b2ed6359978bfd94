import { useTheme } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { ColorModeProvider, useColorMode } from './ColorModeProvider';
import { COLOR_MODE_STORAGE_KEY } from './colorModeStorage';

/** jsdom has no matchMedia: a system that prefers dark (or not), and can change its mind. */
function systemPrefersDark(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  window.matchMedia = jest.fn((query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && state.dark;
    },
    media: query,
    onchange: null,
    addListener: (fn: () => void) => listeners.add(fn),
    removeListener: (fn: () => void) => listeners.delete(fn),
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    dispatchEvent: () => true,
  })) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    state.dark = next;
    listeners.forEach((fn) => fn());
  };
}

function Probe() {
  const { preference, mode } = useColorMode();
  const theme = useTheme();
  return (
    <p data-testid="probe" data-error-text={theme.palette.error.contrastText}>
      {`${preference} ${mode} ${theme.palette.mode} ${theme.palette.primary.main}`}
    </p>
  );
}

const renderProbe = () =>
  render(
    <ColorModeProvider>
      <Probe />
    </ColorModeProvider>,
  );

describe('ColorModeProvider', () => {
  beforeEach(() => window.localStorage.clear());

  it('follows the system by default, light with the spec accent or dark, as the system changes', () => {
    const change = systemPrefersDark(false);
    renderProbe();
    expect(screen.getByTestId('probe')).toHaveTextContent('system light light #5a00ff');
    expect(screen.getByTestId('probe')).toHaveAttribute('data-error-text', '#fff');
    act(() => change(true));
    expect(screen.getByTestId('probe')).toHaveTextContent('system dark dark #b388ff');
    // A filled error chip reads dark on red in dark mode (white on #f44336 is 3.7:1).
    expect(screen.getByTestId('probe')).toHaveAttribute('data-error-text', 'rgba(0, 0, 0, 0.87)');
  });

  it('keeps a stored choice over the system, and ignores a stored value it does not know', () => {
    systemPrefersDark(true);
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    const { unmount } = renderProbe();
    expect(screen.getByTestId('probe')).toHaveTextContent('light light light');
    unmount();
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'sepia');
    renderProbe();
    expect(screen.getByTestId('probe')).toHaveTextContent('system dark dark');
  });
});
