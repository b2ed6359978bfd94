import { PlaceholderPage, useAuth } from '@console/shared';
import { useParams } from 'react-router-dom';

export function DeviceDetailPage() {
  const { profile } = useAuth();
  const { uid } = useParams();
  return (
    <PlaceholderPage
      title="Device Details"
      description={`Placeholder: the Device Details screen for device ${uid ?? ''} is coming.`}
      tenantUid={profile?.tenant_uid}
    />
  );
}
