import TableCell from '@mui/material/TableCell';
import { useState } from 'react';
import { useAlertHistory } from '../../api/alert-history';
import { useLogError } from '../../api/http-helpers';
import { TrailTable } from '../common/TrailTable';

export const HISTORY_ERROR = 'Could not load the status history';

/** The alert's status changes, newest first: who, when, from → to, comment. */
export function StatusHistory({ uid }: { uid: string }) {
  const [page, setPage] = useState(0);
  const { data, error, mutate } = useAlertHistory(uid, page);
  useLogError(error, 'Loading the status history');
  return (
    <TrailTable
      label="Status history"
      columns={['Change', 'Comment']}
      entries={data?.results}
      error={error ? { message: HISTORY_ERROR, onRetry: () => void mutate() } : null}
      emptyText="No status changes yet."
      paging={{ count: data?.count, page, onPageChange: setPage }}
      cells={(change) => (
        <>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {change.from_status} → {change.to_status}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'pre-line' }}>{change.comment || '—'}</TableCell>
        </>
      )}
    />
  );
}
