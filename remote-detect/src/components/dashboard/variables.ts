import type { TenantSummary } from '@console/shared';

/** What the dashboard widgets report to the page (spec §2/§4 "variables"). */
export interface DashboardVariables {
  exec_summary?: TenantSummary;
  alert_uid?: string;
  device_uid?: string;
}

export type OnVariablesChange = (change: Partial<DashboardVariables>) => void;

/** Props every dashboard tab takes. */
export interface DashboardTabProps {
  variables: DashboardVariables;
  onVariablesChange: OnVariablesChange;
}
