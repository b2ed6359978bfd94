import { PlaceholderPage, useAuth } from '@console/shared';
import { useParams } from 'react-router-dom';

export function ReportDetailPage() {
  const { profile } = useAuth();
  const { uid } = useParams();
  return (
    <PlaceholderPage
      title="Insight Report"
      tabs={['Overview', 'Context', 'System Review', 'SBOM']}
      description={`Placeholder: the Insight Report screen for report ${uid ?? ''} is coming.`}
      tenantUid={profile?.tenant_uid}
    />
  );
}
