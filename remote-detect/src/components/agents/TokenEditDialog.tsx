import type { ProvisionToken } from '@console/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

export interface TokenEditDialogProps {
  token: ProvisionToken;
  busy?: boolean;
  /** Why the last save failed (the API's `detail`); the dialog stays open. */
  error?: string | null;
  onSave(changes: { name: string; enabled: boolean }): void;
  onClose(): void;
}

/** Name and enabled (shown as Active / Inactive) of one token. Mounted per token, so it starts from its values. */
export function TokenEditDialog({ token, busy = false, error = null, onSave, onClose }: TokenEditDialogProps) {
  const [name, setName] = useState(token.name);
  const [enabled, setEnabled] = useState(token.enabled);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ name: name.trim(), enabled });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="token-edit-title" fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle id="token-edit-title">Edit Provision Token</DialogTitle>
        <DialogContent>
          <TextField autoFocus margin="dense" label="Name" fullWidth value={name} onChange={(e) => setName(e.target.value)} />
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
            label={enabled ? 'Active' : 'Inactive'}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
