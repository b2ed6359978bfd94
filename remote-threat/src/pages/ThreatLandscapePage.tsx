import { PlaceholderPage, useAuth } from '@console/shared';

export function ThreatLandscapePage() {
  const { profile } = useAuth();
  return (
    <PlaceholderPage
      title="Threat Landscape"
      description={'Placeholder: the Threat Landscape screen is coming.'}
      tenantUid={profile?.tenant_uid}
    />
  );
}
