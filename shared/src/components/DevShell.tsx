import Alert from '@mui/material/Alert';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { AppProviders } from './AppProviders';

export const DEV_SIGN_IN_URL = 'http://localhost:3000/login';

function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, loading } = useAuth();
  if (isAuthenticated || loading) return <>{children}</>;
  return (
    <Alert severity="info" sx={{ m: 2 }}>
      Not signed in. Sign in through the host at {DEV_SIGN_IN_URL} (cookies are shared by every localhost port), then reload this
      page.
    </Alert>
  );
}

/** The minimal shell a remote runs in when started alone in development. */
export function DevShell({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <AppProviders>
        <SignedInOnly>{children}</SignedInOnly>
      </AppProviders>
    </BrowserRouter>
  );
}

/** Mounts a remote's own routes in the dev shell (a remote's src/bootstrap.tsx, development only). */
export function renderDevShell(routes: ReactNode, rootId = 'root'): void {
  const container = document.getElementById(rootId);
  if (!container) throw new Error(`#${rootId} is missing from the page`);
  createRoot(container).render(
    <StrictMode>
      <DevShell>{routes}</DevShell>
    </StrictMode>,
  );
}
