import { AuthProvider, ColorModeProvider } from '@console/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/AppRoutes';

// AppProviders minus SWR: data fetching belongs to the signed-in shell (AppShell mounts the
// SWRProvider), so /login fetches neither swr nor the HTTP client it loads.
export function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <ColorModeProvider>
          <CssBaseline enableColorScheme />
          <AppRoutes />
        </ColorModeProvider>
      </AuthProvider>
    </BrowserRouter>
  );
}
