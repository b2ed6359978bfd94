import { useUrlChoice } from '@console/shared';
import { PageTabs } from '../components/common/PageTabs';
import { TenantPage } from '../components/common/TenantPage';
import { StrategicOverview } from '../components/dashboard/StrategicOverview';
import { DASHBOARD_TAB_IDS, DASHBOARD_TABS } from '../components/dashboard/tabs';
import { TechnicalOverview } from '../components/dashboard/TechnicalOverview';
import { useDashboardVariables } from '../components/dashboard/useDashboardVariables';

/**
 * /: two dashboards sharing one set of variables; the first alert_uid/device_uid report navigates.
 * The tab is in the URL (?tab=technical), so Back from an alert returns to the list it was opened from.
 */
export function DashboardPage() {
  const [tab, setTab] = useUrlChoice('tab', DASHBOARD_TAB_IDS, { clearOthers: true });
  const { variables, onVariablesChange } = useDashboardVariables();
  return (
    <TenantPage title="Dashboards">
      <PageTabs idPrefix="dashboard" tabs={DASHBOARD_TABS} value={tab} onChange={setTab}>
        {tab === 'strategic' ? (
          <StrategicOverview variables={variables} onVariablesChange={onVariablesChange} />
        ) : (
          <TechnicalOverview variables={variables} onVariablesChange={onVariablesChange} />
        )}
      </PageTabs>
    </TenantPage>
  );
}
