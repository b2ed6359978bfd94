import { FormDialog } from '@console/shared';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

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
  return (
    <FormDialog
      open={open}
      titleId="name-dialog-title"
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      error={error}
      onSubmit={() => onSubmit(name.trim())}
      onClose={onClose}
    >
      <TextField autoFocus margin="dense" label="Name" fullWidth value={name} onChange={(e) => setName(e.target.value)} />
    </FormDialog>
  );
}
