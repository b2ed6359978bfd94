import { useDocumentTitle } from '@console/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { AboutTab } from './AboutTab';
import { FeedsTab } from './FeedsTab';
import { UserTab } from './UserTab';

export const SETTINGS_TABS = [
  { value: 'user', label: 'User', text: 'User settings will be available here.' },
  { value: 'reporting', label: 'Reporting', text: 'How often would you like to receive reports?' },
  {
    value: 'allow-lists',
    label: 'Allow Lists',
    text: 'Allow lists control the anomaly detection engine: entries listed here are not reported as anomalies.',
  },
] as const;

/** Beside the spec's three: the state of the vulnerability feed (docs/vuln-feed-api.md). */
export const FEEDS_TAB = { value: 'feeds', label: 'Vulnerability feed' } as const;

/** Beside them too: the version and build time of the host and of every remote. */
export const ABOUT_TAB = { value: 'about', label: 'About' } as const;

const TABS = [...SETTINGS_TABS, FEEDS_TAB, ABOUT_TAB];

type TabValue = (typeof TABS)[number]['value'];

const PANELS = { [FEEDS_TAB.value]: FeedsTab, [ABOUT_TAB.value]: AboutTab };

function Panel({ value }: { value: keyof typeof PANELS }) {
  const Content = PANELS[value];
  return <Content />;
}

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = TABS.find((tab) => tab.value === requested) ?? SETTINGS_TABS[0];
  useDocumentTitle([current.label, 'Settings']);

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Settings
      </Typography>
      <Tabs value={current.value} onChange={(_, value: TabValue) => setParams({ tab: value })} aria-label="Settings sections">
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} id={`settings-tab-${tab.value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`settings-tab-${current.value}`} sx={{ pt: 3 }}>
        {current.value === 'user' ? (
          <UserTab text={current.text} />
        ) : 'text' in current ? (
          <Typography>{current.text}</Typography>
        ) : (
          <Panel value={current.value} />
        )}
      </Box>
    </Box>
  );
}
