import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import PublicIcon from '@mui/icons-material/Public';
import SettingsIcon from '@mui/icons-material/Settings';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { ReactElement } from 'react';

export interface NavItem {
  path: string;
  label: string;
  /** Empty: no tooltip is shown. */
  tooltip: string;
  icon: ReactElement;
}

/** Drawer groups in order; dividers sit between them. Labels are the product's, typo included. */
export const NAV_GROUPS: NavItem[][] = [
  [
    { path: '/', label: 'Dashboards', tooltip: 'DETECT - Dashboards', icon: <DashboardIcon /> },
    { path: '/agents', label: 'Agents', tooltip: 'DETECT - Agents', icon: <DevicesOtherIcon /> },
  ],
  [{ path: '/insights/', label: 'Reports', tooltip: 'INSIGHTS - Reports', icon: <AssessmentIcon /> }],
  [
    { path: '/threat-landscape', label: 'Theat Landscape', tooltip: 'Threat Landscape', icon: <PublicIcon /> },
    { path: '/api-keys', label: 'API Keys', tooltip: '', icon: <VpnKeyIcon /> },
    { path: '/settings', label: 'Settings', tooltip: '', icon: <SettingsIcon /> },
  ],
];

/** Root only on exactly "/"; others by prefix. "/insights/" also covers the "/insights" route. */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  if (pathname.startsWith(itemPath)) return true;
  return itemPath.endsWith('/') && pathname === itemPath.slice(0, -1);
}
