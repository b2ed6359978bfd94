import type { PaletteMode } from '@mui/material/styles';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readColorModePreference, writeColorModePreference, type ColorModePreference } from './colorModeStorage';
import { createConsoleTheme } from './consoleTheme';

export interface ColorModeContextValue {
  /** What the user chose in Settings › User. */
  preference: ColorModePreference;
  /** What is drawn: the preference, or the system's when it is "system". */
  mode: PaletteMode;
  setPreference: (preference: ColorModePreference) => void;
}

const ColorModeContext = createContext<ColorModeContextValue>({
  preference: 'system',
  mode: 'light',
  setPreference: () => undefined,
});

/**
 * The console's theme in the mode the user chose (kept in localStorage) or, by default, the
 * system's. The host mounts it once; a remote reads the same context (@console/shared is a
 * singleton in the share scope), so it follows the host's choice.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [preference, setStored] = useState<ColorModePreference>(readColorModePreference);
  const mode: PaletteMode = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  const theme = useMemo(() => createConsoleTheme(mode), [mode]);
  const setPreference = useCallback((next: ColorModePreference) => {
    setStored(next);
    writeColorModePreference(next);
  }, []);
  const value = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeContextValue {
  return useContext(ColorModeContext);
}
