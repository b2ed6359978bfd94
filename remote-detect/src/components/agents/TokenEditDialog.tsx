import { FormDialog, type ProvisionToken } from '@console/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

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
  return (
    <FormDialog
      open
      titleId="token-edit-title"
      title="Edit Provision Token"
      submitLabel="Save"
      busy={busy}
      error={error}
      onSubmit={() => onSave({ name: name.trim(), enabled })}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
    >
      <TextField autoFocus margin="dense" label="Name" fullWidth value={name} onChange={(e) => setName(e.target.value)} />
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
        label={enabled ? 'Active' : 'Inactive'}
      />
    </FormDialog>
  );
}
