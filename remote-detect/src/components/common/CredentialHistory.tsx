import { CloseableDialog, type CredentialKind } from '@console/shared';
import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
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
      <CloseableDialog open={open} onClose={() => setOpen(false)} titleId={`${kind}-history-title`} title={title}>
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
      </CloseableDialog>
    </>
  );
}
