import { formatDateTime, type TenantSummary } from '@console/shared';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** The latest tenant summary, read from the page's variables (exec_summary). */
export function ExecSummaryCard({ summary, loading }: { summary: TenantSummary | undefined; loading: boolean }) {
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
      ) : loading ? (
        <Skeleton variant="text" height={60} />
      ) : (
        <Typography color="text.secondary">No summary yet.</Typography>
      )}
    </Paper>
  );
}
