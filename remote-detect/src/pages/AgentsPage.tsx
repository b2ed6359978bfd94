import { TenantCaption } from '@console/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AgentsTab } from '../components/agents/AgentsTab';
import { ProvisionTokensTab } from '../components/agents/ProvisionTokensTab';

const TABS = ['Provision Tokens', 'Agents'] as const;

/** /agents: tabs Provision Tokens and Agents (spec §2). */
export function AgentsPage() {
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1">
        Agents
      </Typography>
      <TenantCaption />
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} sx={{ mb: 2 }}>
        {TABS.map((label, index) => (
          <Tab key={label} label={label} id={`agents-tab-${index}`} aria-controls={`agents-panel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`agents-panel-${tab}`} aria-labelledby={`agents-tab-${tab}`}>
        {tab === 0 ? <ProvisionTokensTab /> : <AgentsTab />}
      </Box>
    </Box>
  );
}
