import { TenantCaption, useDocumentTitle, useUrlChoice } from '@console/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { StrategicOverview } from '../components/dashboard/StrategicOverview';
import { DASHBOARD_TAB_IDS, DASHBOARD_TABS, type DashboardTab } from '../components/dashboard/tabs';
import { TechnicalOverview } from '../components/dashboard/TechnicalOverview';
import { useDashboardVariables } from '../components/dashboard/useDashboardVariables';

/**
 * /: two dashboards sharing one set of variables; the first alert_uid/device_uid report navigates.
 * The tab is in the URL (?tab=technical), so Back from an alert returns to the list it was opened from.
 */
export function DashboardPage() {
  const [tab, setTab] = useUrlChoice('tab', DASHBOARD_TAB_IDS, { clearOthers: true });
  const { variables, onVariablesChange } = useDashboardVariables();
  useDocumentTitle(['Dashboards']);
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1">
        Dashboards
      </Typography>
      <TenantCaption />
      <Tabs value={tab} onChange={(_, next: DashboardTab) => setTab(next)} sx={{ mb: 2 }}>
        {DASHBOARD_TABS.map(({ id, label }) => (
          <Tab key={id} value={id} label={label} id={`dashboard-tab-${id}`} aria-controls={`dashboard-panel-${id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`dashboard-panel-${tab}`} aria-labelledby={`dashboard-tab-${tab}`}>
        {tab === 'strategic' ? (
          <StrategicOverview variables={variables} onVariablesChange={onVariablesChange} />
        ) : (
          <TechnicalOverview variables={variables} onVariablesChange={onVariablesChange} />
        )}
      </Box>
    </Box>
  );
}
