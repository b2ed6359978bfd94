import { FieldList, formatDateTime } from '@console/shared';
import { memo } from 'react';
import { NOT_AVAILABLE } from '../common/format';
import { ReportSection } from '../common/ReportSection';
import type { RootComponent } from './sbomData';

export interface SbomSummaryCardProps {
  root: RootComponent | null;
  timestamp: string | null;
  specVersion: string | null;
  components: number;
  vulnerabilities: number;
}

export const SbomSummaryCard = memo(function SbomSummaryCard({
  root,
  timestamp,
  specVersion,
  components,
  vulnerabilities,
}: SbomSummaryCardProps) {
  return (
    <ReportSection title="SBOM Summary" fill>
      <FieldList
        preWrap
        fields={[
          { label: 'Component', value: root ? [root.name, root.version].filter(Boolean).join(' ') : NOT_AVAILABLE },
          { label: 'Generated', value: formatDateTime(timestamp, NOT_AVAILABLE) },
          { label: 'CycloneDX', value: specVersion ?? NOT_AVAILABLE },
          { label: 'Components', value: <span data-testid="sbom-component-count">{components.toLocaleString('en-US')}</span> },
          {
            label: 'Vulnerabilities',
            value: <span data-testid="sbom-vulnerability-count">{vulnerabilities.toLocaleString('en-US')}</span>,
          },
        ]}
      />
    </ReportSection>
  );
});
