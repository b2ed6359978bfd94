import { TenantCaption, useDocumentTitle, useUrlChoice } from '@console/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { AgentsTab } from '../components/agents/AgentsTab';
import { ProvisionTokensTab } from '../components/agents/ProvisionTokensTab';

/** The tabs, as `?tab=` names them (the first, the default, is never written). */
const TABS = [
  { id: 'tokens', label: 'Provision Tokens' },
  { id: 'agents', label: 'Agents' },
] as const;
type AgentsPageTab = (typeof TABS)[number]['id'];
const TAB_IDS: readonly AgentsPageTab[] = TABS.map((tab) => tab.id);

/** /agents: tabs Provision Tokens and Agents (spec §2); the tab is in the URL (?tab=agents). */
export function AgentsPage() {
  const [tab, setTab] = useUrlChoice('tab', TAB_IDS, { clearOthers: true });
  useDocumentTitle(['Agents']);
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1">
        Agents
      </Typography>
      <TenantCaption />
      <Tabs value={tab} onChange={(_, next: AgentsPageTab) => setTab(next)} sx={{ mb: 2 }}>
        {TABS.map(({ id, label }) => (
          <Tab key={id} value={id} label={label} id={`agents-tab-${id}`} aria-controls={`agents-panel-${id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`agents-panel-${tab}`} aria-labelledby={`agents-tab-${tab}`}>
        {tab === 'tokens' ? <ProvisionTokensTab /> : <AgentsTab />}
      </Box>
    </Box>
  );
}
