import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';

export const SETTINGS_TABS = [
  { value: 'user', label: 'User', text: 'User settings will be available here.' },
  { value: 'reporting', label: 'Reporting', text: 'How often would you like to receive reports?' },
  {
    value: 'allow-lists',
    label: 'Allow Lists',
    text: 'Allow lists control the anomaly detection engine: entries listed here are not reported as anomalies.',
  },
] as const;

type TabValue = (typeof SETTINGS_TABS)[number]['value'];

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = SETTINGS_TABS.find((tab) => tab.value === requested) ?? SETTINGS_TABS[0];

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Settings
      </Typography>
      <Tabs
        value={current.value}
        onChange={(_, value: TabValue) => setParams({ tab: value })}
        aria-label="Settings sections"
      >
        {SETTINGS_TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} id={`settings-tab-${tab.value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`settings-tab-${current.value}`} sx={{ pt: 3 }}>
        <Typography>{current.text}</Typography>
      </Box>
    </Box>
  );
}
