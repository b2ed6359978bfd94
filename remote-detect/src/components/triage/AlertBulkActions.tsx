import type { AlertBulkStatusAnswer, AlertFilter, AlertStatus } from '@console/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { bulkSetAlertStatus } from '../../api/alert-bulk-status';
import { useTenantAction } from '../../api/http-helpers';
import { bulkResultText } from './bulkResult';
import { BULK_VERB, BulkStatusDialog } from './BulkStatusDialog';
import type { RowSelection } from './useRowSelection';

const DOING: Record<AlertStatus, string> = { CLOSED: 'Closing the alerts', OPEN: 'Reopening the alerts' };

export interface AlertBulkActionsProps {
  selection: RowSelection;
  /** Alerts matching the filters (null until the list answered, or when it failed). */
  matching: number | null;
  /** The list's filters and search, as the API's filter form ("select all N matching"). */
  filter: AlertFilter;
}

/**
 * Triage in bulk: how many are selected, "Select all N matching", and Close / Reopen with an
 * optional comment. The result (changed, unchanged, rejected) shows in a snackbar; the lists refresh.
 */
export function AlertBulkActions({ selection, matching, filter }: AlertBulkActionsProps) {
  const { mutate } = useSWRConfig();
  const { busy, run, error, clearError } = useTenantAction();
  const [asking, setAsking] = useState<AlertStatus | null>(null);
  const [result, setResult] = useState<{ text: string; answer: AlertBulkStatusAnswer } | null>(null);
  const selected = selection.allMatching ? (matching ?? 0) : selection.uids.size;

  const confirm = (status: AlertStatus, comment: string) =>
    void run(DOING[status], async (tenant) => {
      const target = selection.allMatching ? { filter } : { uids: [...selection.uids] };
      const answer = await bulkSetAlertStatus(mutate, tenant, { status, ...(comment ? { comment } : {}), ...target });
      setResult({ text: bulkResultText(BULK_VERB[status], answer), answer });
      setAsking(null);
      selection.clear();
    });

  const ask = (status: AlertStatus) => {
    clearError();
    setAsking(status);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }} role="group" aria-label="Bulk actions">
      <Typography variant="body2" aria-live="polite">
        {selection.allMatching ? `All ${selected} matching alerts selected` : `${selected} selected`}
      </Typography>
      {!selection.allMatching && matching !== null && matching > 0 && (
        <Button size="small" onClick={selection.selectAllMatching}>
          Select all {matching} matching
        </Button>
      )}
      {selected > 0 && (
        <Button size="small" onClick={selection.clear}>
          Clear selection
        </Button>
      )}
      <Button size="small" variant="outlined" disabled={selected === 0} onClick={() => ask('CLOSED')}>
        Close
      </Button>
      <Button size="small" variant="outlined" disabled={selected === 0} onClick={() => ask('OPEN')}>
        Reopen
      </Button>
      {asking && (
        <BulkStatusDialog
          status={asking}
          count={selected}
          busy={busy}
          error={error}
          onClose={() => setAsking(null)}
          onConfirm={(comment) => confirm(asking, comment)}
        />
      )}
      <Snackbar
        open={result !== null}
        onClose={(_, reason) => reason !== 'clickaway' && setResult(null)}
        autoHideDuration={result?.answer.rejected.length ? null : 8000}
      >
        <Alert
          severity={result?.answer.rejected.length ? 'warning' : 'success'}
          role="status"
          onClose={() => setResult(null)}
          variant="filled"
        >
          {result?.text}
          {result?.answer.rejected.slice(0, 3).map((r) => (
            <Box key={r.index}>
              {r.uid}: {r.detail}
            </Box>
          ))}
        </Alert>
      </Snackbar>
    </Box>
  );
}
