import { PlaceholderPage, useAuth } from '@console/shared';

export function InsightsListPage() {
  const { profile } = useAuth();
  return (
    <PlaceholderPage
      title="My Insight Reports"
      description={'Placeholder: the My Insight Reports screen is coming.'}
      tenantUid={profile?.tenant_uid}
    />
  );
}
