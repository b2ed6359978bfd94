import { PlaceholderPage, useAuth } from '@console/shared';

export function AgentsPage() {
  const { profile } = useAuth();
  return (
    <PlaceholderPage
      title="Agents"
      tabs={['Provision Tokens', 'Agents']}
      description={'Placeholder: the Agents screen is coming.'}
      tenantUid={profile?.tenant_uid}
    />
  );
}
