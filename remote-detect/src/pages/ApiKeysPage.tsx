import { PlaceholderPage, useAuth } from '@console/shared';

export function ApiKeysPage() {
  const { profile } = useAuth();
  return (
    <PlaceholderPage
      title="API Keys"
      description={'Placeholder: the API Keys screen is coming.'}
      tenantUid={profile?.tenant_uid}
    />
  );
}
