import { PlaceholderPage, useAuth } from '@console/shared';
import { useParams } from 'react-router-dom';

export function AlertDetailPage() {
  const { profile } = useAuth();
  const { uid } = useParams();
  return (
    <PlaceholderPage
      title="Alert"
      description={`Placeholder: the Alert screen for alert ${uid ?? ''} is coming.`}
      tenantUid={profile?.tenant_uid}
    />
  );
}
