/** The dashboard's tabs, as `?tab=` names them (the first, the default, is never written). */
export const DASHBOARD_TABS = [
  { id: 'strategic', label: 'Strategic Overview' },
  { id: 'technical', label: 'Technical Overview' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

export const DASHBOARD_TAB_IDS: readonly DashboardTab[] = DASHBOARD_TABS.map((tab) => tab.id);
