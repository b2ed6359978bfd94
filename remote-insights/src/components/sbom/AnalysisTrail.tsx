import { ErrorState, formatDateTime, LoadingState } from '@console/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useReportSbomAnalysisTrail } from '../../api/report-sbom-analysis-trail';
import { enumText, type VulnerabilityRow } from './sbomData';

export const TRAIL_ERROR = 'Failed to load the analysis trail';
export const NO_TRAIL = "No change yet: the analysis shown (if any) is the SBOM file's own.";

const SOURCE_TEXT = { console: 'in the console', vex: 'by a VEX upload' } as const;

/** Who changed this vulnerability's analysis and when, newest first (every component of it). */
export function AnalysisTrail({ uid, row }: { uid: string; row: VulnerabilityRow }) {
  const id = row.vulnerability.id ?? null;
  const { data, error, isLoading, mutate } = useReportSbomAnalysisTrail(uid, id);
  if (!id) return null;
  if (error && !data) return <ErrorState compact message={TRAIL_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingState text="Loading the analysis trail…" />;
  if (data.results.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {NO_TRAIL}
      </Typography>
    );
  }
  // Components by the key the console keeps them under, named as this SBOM names them.
  const labels = new Map(row.affected.flatMap((a) => (a.key ? [[a.key, a.label] as const] : [])));
  return (
    <Box component="ol" aria-label="Analysis trail" sx={{ m: 0, pl: 2 }}>
      {data.results.map((change, index) => (
        <Box component="li" key={`${change.at}-${index}`} sx={{ mb: 1 }}>
          <Typography variant="body2">
            <strong>{enumText(change.state)}</strong>
            {change.justification ? ` (${enumText(change.justification)})` : ''}
            {change.response.length > 0 ? ` · ${change.response.map(enumText).join(', ')}` : ''} for{' '}
            {labels.get(change.component_key) ?? change.component_key}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {formatDateTime(change.at)} by {change.actor.label || change.actor.kind} {SOURCE_TEXT[change.source]}
          </Typography>
          {change.detail && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {change.detail}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
