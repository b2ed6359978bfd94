import type { CredentialKind } from '@console/shared';
import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import { useState } from 'react';
import { useCredentialTrail } from '../../api/credential-trail';
import { useLogError } from '../../api/http-helpers';
import { CREDENTIAL_PLURAL } from './credentialKinds';
import { TrailTable } from './TrailTable';

/** "History": a dialog with the trail of every credential of this kind (created, renamed, enabled, disabled, deleted, by whom). */
export function CredentialHistory({ kind }: { kind: CredentialKind }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const { data, error, mutate } = useCredentialTrail(kind, open, page);
  useLogError(error, `Loading the history of ${CREDENTIAL_PLURAL[kind]}`);
  const title = `History of ${CREDENTIAL_PLURAL[kind]}`;
  return (
    <>
      <Button
        startIcon={<HistoryIcon />}
        onClick={() => {
          setPage(0);
          setOpen(true);
        }}
      >
        History
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${kind}-history-title`} fullWidth maxWidth="md">
        <DialogTitle id={`${kind}-history-title`}>{title}</DialogTitle>
        <DialogContent>
          <TrailTable
            label={title}
            columns={['Name', 'Action', 'Detail']}
            entries={data?.results}
            error={
              error ? { message: `Could not load the history of ${CREDENTIAL_PLURAL[kind]}`, onRetry: () => void mutate() } : null
            }
            emptyText="Nothing recorded yet."
            paging={{ count: data?.count, page, onPageChange: setPage }}
            cells={(event) => (
              <>
                <TableCell>{event.credential_name}</TableCell>
                <TableCell>{event.action}</TableCell>
                <TableCell>{event.detail || '—'}</TableCell>
              </>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
