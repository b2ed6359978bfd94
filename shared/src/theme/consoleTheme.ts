import { createTheme, type PaletteMode } from '@mui/material/styles';
import { ACCENT_COLOR, TOPBAR_COLOR } from '../constants';

/** The shell's own colours: the spec's in light mode, readable counterparts in dark mode. */
export interface ShellPalette {
  topBar: string;
  topBarText: string;
  navText: string;
  navActive: string;
  /** Behind the sign-in card. */
  backdrop: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    shell: ShellPalette;
  }
  interface PaletteOptions {
    shell?: ShellPalette;
  }
}

// #5a00ff on a dark surface is 2.6:1 (WCAG AA asks 4.5:1): dark mode takes a lighter violet of the same hue.
const DARK_ACCENT = '#b388ff';

const SHELL: Record<PaletteMode, ShellPalette> = {
  light: { topBar: TOPBAR_COLOR, topBarText: 'black', navText: 'black', navActive: ACCENT_COLOR, backdrop: TOPBAR_COLOR },
  dark: { topBar: '#1e1e1e', topBarText: '#ffffff', navText: '#ffffff', navActive: DARK_ACCENT, backdrop: '#121212' },
};

/** The console's MUI theme in `mode`; light mode keeps the spec's colours exactly. */
export function createConsoleTheme(mode: PaletteMode) {
  return createTheme({
    palette: {
      mode,
      // WCAG AA for text on coloured fills (a "FAIL" chip is white on #f44336 by default: 3.7:1);
      // light mode keeps MUI's default so the spec's look is unchanged.
      ...(mode === 'dark' ? { contrastThreshold: 4.5 } : {}),
      primary: { main: mode === 'dark' ? DARK_ACCENT : ACCENT_COLOR },
      shell: SHELL[mode],
    },
  });
}

/** The light theme (the spec's). */
export const theme = createConsoleTheme('light');
