import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

export interface NameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  busy?: boolean;
  /** Why the last submit failed (the API's `detail`): shown under the field, the dialog stays open. */
  error?: string | null;
  onSubmit(name: string): void;
  onClose(): void;
}

/** Asks for a name (the only field the create calls take). */
export function NameDialog({ open, title, submitLabel, busy = false, error = null, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts empty (state adjusted while rendering, not in an effect).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setName('');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="name-dialog-title">
      <form onSubmit={submit}>
        <DialogTitle id="name-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField autoFocus margin="dense" label="Name" fullWidth value={name} onChange={(e) => setName(e.target.value)} />
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
