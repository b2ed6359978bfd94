import { TenantCaption } from '@console/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { StrategicOverview } from '../components/dashboard/StrategicOverview';
import { TechnicalOverview } from '../components/dashboard/TechnicalOverview';
import { useDashboardVariables } from '../components/dashboard/useDashboardVariables';

const TABS = ['Strategic Overview', 'Technical Overview'] as const;

/** /: two dashboards sharing one set of variables; the first alert_uid/device_uid report navigates. */
export function DashboardPage() {
  const [tab, setTab] = useState(0);
  const { variables, onVariablesChange } = useDashboardVariables();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1">
        Dashboards
      </Typography>
      <TenantCaption />
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} sx={{ mb: 2 }}>
        {TABS.map((label, index) => (
          <Tab key={label} label={label} id={`dashboard-tab-${index}`} aria-controls={`dashboard-panel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`dashboard-panel-${tab}`} aria-labelledby={`dashboard-tab-${tab}`}>
        {tab === 0 ? (
          <StrategicOverview variables={variables} onVariablesChange={onVariablesChange} />
        ) : (
          <TechnicalOverview variables={variables} onVariablesChange={onVariablesChange} />
        )}
      </Box>
    </Box>
  );
}
