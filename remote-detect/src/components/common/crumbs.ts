import type { Crumb } from '@console/shared';

/** The list pages the Devices and Alerts crumbs lead to. */
export const DEVICE_LIST = '/devices';
export const ALERT_LIST = '/alerts';

const DASHBOARDS: Crumb = { label: 'Dashboards', to: '/' };

/** Dashboards › Devices */
export const deviceListCrumbs: Crumb[] = [DASHBOARDS, { label: 'Devices' }];

/** Dashboards › Alerts */
export const alertListCrumbs: Crumb[] = [DASHBOARDS, { label: 'Alerts' }];

/** Dashboards › Devices › api-ams-16 */
export const deviceCrumbs = (hostname: string): Crumb[] => [
  DASHBOARDS,
  { label: 'Devices', to: DEVICE_LIST },
  { label: hostname },
];

/** Dashboards › Alerts › Reverse shell */
export const alertCrumbs = (name: string): Crumb[] => [DASHBOARDS, { label: 'Alerts', to: ALERT_LIST }, { label: name }];

/** Agents › Linux x86_64 1.4.0 */
export const agentCrumbs = (name: string): Crumb[] => [{ label: 'Agents', to: '/agents?tab=agents' }, { label: name }];
