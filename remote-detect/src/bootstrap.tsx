import { DevShell } from '@console/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DevRoutes } from '../dev/DevRoutes';

// Development only: this remote alone, in a minimal shell. The host never loads this file.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <DevShell>
      <DevRoutes />
    </DevShell>
  </StrictMode>,
);
