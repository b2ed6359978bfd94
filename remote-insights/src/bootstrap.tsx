import { renderDevShell } from '@console/shared';
import { DevRoutes } from '../dev/DevRoutes';

// Development only: this remote alone, in a minimal shell. The host never loads this file.
renderDevShell(<DevRoutes />);
