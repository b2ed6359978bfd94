import { PlaceholderPage, useAuth } from '@console/shared';
import { useParams } from 'react-router-dom';

export function AgentDetailPage() {
  const { profile } = useAuth();
  const { uid } = useParams();
  return (
    <PlaceholderPage
      title="Agent"
      description={`Placeholder: the Agent screen for agent ${uid ?? ''} is coming.`}
      tenantUid={profile?.tenant_uid}
    />
  );
}
