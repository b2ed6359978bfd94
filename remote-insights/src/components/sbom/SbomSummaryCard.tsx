import { FieldList } from '@console/shared';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { formatDateTime, NOT_AVAILABLE } from '../common/format';
import type { RootComponent } from './sbomData';

export interface SbomSummaryCardProps {
  root: RootComponent | null;
  timestamp: string | null;
  specVersion: string | null;
  components: number;
  vulnerabilities: number;
}

export const SbomSummaryCard = memo(function SbomSummaryCard({ root, timestamp, specVersion, components, vulnerabilities }: SbomSummaryCardProps) {
  return (
    <Paper variant="outlined" component="section" aria-label="SBOM Summary" sx={{ p: 2, height: '100%' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mb: 1 }}>
        SBOM Summary
      </Typography>
      <FieldList
        preWrap
        fields={[
          { label: 'Component', value: root ? [root.name, root.version].filter(Boolean).join(' ') : NOT_AVAILABLE },
          { label: 'Generated', value: formatDateTime(timestamp) },
          { label: 'CycloneDX', value: specVersion ?? NOT_AVAILABLE },
          { label: 'Components', value: <span data-testid="sbom-component-count">{components.toLocaleString('en-US')}</span> },
          {
            label: 'Vulnerabilities',
            value: <span data-testid="sbom-vulnerability-count">{vulnerabilities.toLocaleString('en-US')}</span>,
          },
        ]}
      />
    </Paper>
  );
});
