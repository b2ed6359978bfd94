import { ErrorState, formatDateTime, type TenantSummary } from '@console/shared';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export const SUMMARY_ERROR = 'Could not load the executive summary';

export interface ExecSummaryCardProps {
  summary: TenantSummary | undefined;
  loading: boolean;
  /** The summary call failed: Retry, never "No summary yet.". */
  onRetry?: (() => void) | null;
}

/** The latest tenant summary, read from the page's variables (exec_summary). */
export function ExecSummaryCard({ summary, loading, onRetry = null }: ExecSummaryCardProps) {
  return (
    <Paper variant="outlined" component="section" aria-label="Executive summary" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 'bold' }}>
        Executive summary
      </Typography>
      {summary ? (
        <>
          <Typography sx={{ whiteSpace: 'pre-line', my: 1 }}>{summary.text}</Typography>
          <Typography variant="caption" color="text.secondary">
            As of {formatDateTime(summary.created_at)}
          </Typography>
        </>
      ) : onRetry ? (
        <ErrorState compact message={SUMMARY_ERROR} onRetry={onRetry} />
      ) : loading ? (
        <Skeleton variant="text" height={60} />
      ) : (
        <Typography color="text.secondary">No summary yet.</Typography>
      )}
    </Paper>
  );
}
