import { PlaceholderPage, useAuth } from '@console/shared';

export function DashboardPage() {
  const { profile } = useAuth();
  return (
    <PlaceholderPage
      title="Dashboards"
      tabs={['Strategic Overview', 'Technical Overview']}
      description={'Placeholder: the Dashboards screen is coming.'}
      tenantUid={profile?.tenant_uid}
    />
  );
}
