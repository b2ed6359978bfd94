import CssBaseline from '@mui/material/CssBaseline';
import type { ReactNode } from 'react';
import { AuthProvider } from '../auth/AuthProvider';
import { SWRProvider } from '../swr/SWRProvider';
import { ColorModeProvider } from '../theme/ColorModeProvider';

export interface AppProvidersProps {
  children: ReactNode;
}

/** Auth, data fetching and the light/dark theme, in the order every shell needs (inside a router). */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <AuthProvider>
      <SWRProvider>
        <ColorModeProvider>
          <CssBaseline enableColorScheme />
          {children}
        </ColorModeProvider>
      </SWRProvider>
    </AuthProvider>
  );
}
