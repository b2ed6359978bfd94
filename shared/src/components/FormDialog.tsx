import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';

export interface FormDialogProps extends Pick<DialogProps, 'fullWidth' | 'maxWidth'> {
  open: boolean;
  /** The title's element id, which labels the dialog. */
  titleId: string;
  title: string;
  submitLabel: string;
  busy?: boolean;
  /** Why the last submit failed (the API's `detail`): shown under the fields, the dialog stays open. */
  error?: string | null;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

/** A dialog holding one form: its fields, the last error, then Cancel and the submit button. */
export function FormDialog({
  open,
  titleId,
  title,
  submitLabel,
  busy = false,
  error = null,
  onSubmit,
  onClose,
  children,
  ...size
}: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} {...size}>
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
