import { useUrlChoice } from '@console/shared';
import { AgentsTab } from '../components/agents/AgentsTab';
import { ProvisionTokensTab } from '../components/agents/ProvisionTokensTab';
import { PageTabs } from '../components/common/PageTabs';
import { TenantPage } from '../components/common/TenantPage';

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
  return (
    <TenantPage title="Agents">
      <PageTabs idPrefix="agents" tabs={TABS} value={tab} onChange={setTab}>
        {tab === 'tokens' ? <ProvisionTokensTab /> : <AgentsTab />}
      </PageTabs>
    </TenantPage>
  );
}
