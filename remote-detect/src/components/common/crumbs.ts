import type { Crumb } from '@console/shared';

/**
 * Where the Devices and Alerts crumbs lead: the dashboard tab that lists every device and alert.
 * The one place to change when the /devices and /alerts list pages arrive.
 */
export const DEVICE_AND_ALERT_LISTS = '/?tab=technical';

const DASHBOARDS: Crumb = { label: 'Dashboards', to: '/' };

/** Dashboards › Devices › api-ams-16 */
export const deviceCrumbs = (hostname: string): Crumb[] => [
  DASHBOARDS,
  { label: 'Devices', to: DEVICE_AND_ALERT_LISTS },
  { label: hostname },
];

/** Dashboards › Alerts › Reverse shell */
export const alertCrumbs = (name: string): Crumb[] => [
  DASHBOARDS,
  { label: 'Alerts', to: DEVICE_AND_ALERT_LISTS },
  { label: name },
];

/** Agents › Linux x86_64 1.4.0 */
export const agentCrumbs = (name: string): Crumb[] => [{ label: 'Agents', to: '/agents?tab=agents' }, { label: name }];
