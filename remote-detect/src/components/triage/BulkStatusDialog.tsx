import type { AlertStatus } from '@console/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** What the API keeps of a comment (contracts: ALERT_STATUS_LIMITS.comment). */
const COMMENT_MAX_LENGTH = 1000;

export const BULK_VERB: Record<AlertStatus, string> = { CLOSED: 'Close', OPEN: 'Reopen' };

export interface BulkStatusDialogProps {
  /** The status asked for. */
  status: AlertStatus;
  /** How many alerts the change names ("Close 50 alerts"). */
  count: number;
  busy: boolean;
  /** Why the last try failed (the API's detail): the dialog stays open, Confirm tries again. */
  error: string | null;
  onClose(): void;
  onConfirm(comment: string): void;
}

/** Asks for an optional comment, kept in each changed alert's history. Mounted while open (a new comment each time). */
export function BulkStatusDialog({ status, count, busy, error, onClose, onConfirm }: BulkStatusDialogProps) {
  const [comment, setComment] = useState('');
  const verb = BULK_VERB[status];
  const what = `${count} ${count === 1 ? 'alert' : 'alerts'}`;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="bulk-status-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-status-title">
        {verb} {what}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Each alert whose status changes gets an entry in its history, with your comment.
        </DialogContentText>
        <TextField
          label="Comment (optional)"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => onConfirm(comment.trim())}>
          {verb} {what}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
