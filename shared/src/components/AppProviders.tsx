import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { AuthProvider } from '../auth/AuthProvider';
import { SWRProvider } from '../swr/SWRProvider';
import { theme } from '../theme';

export interface AppProvidersProps {
  children: ReactNode;
}

/** Auth, data fetching and theme, in the order every shell needs (inside a router). */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <AuthProvider>
      <SWRProvider>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </SWRProvider>
    </AuthProvider>
  );
}
