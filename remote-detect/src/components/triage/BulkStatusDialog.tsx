import { ConfirmDialog, type AlertStatus } from '@console/shared';
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
  const action = `${BULK_VERB[status]} ${count} ${count === 1 ? 'alert' : 'alerts'}`;
  return (
    <ConfirmDialog
      open
      title={action}
      message="Each alert whose status changes gets an entry in its history, with your comment."
      confirmLabel={action}
      busy={busy}
      error={error}
      onClose={() => !busy && onClose()}
      onConfirm={() => onConfirm(comment.trim())}
    >
      <TextField
        label="Comment (optional)"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
      />
    </ConfirmDialog>
  );
}
