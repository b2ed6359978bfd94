import { errorMessage, FormDialog, type LicensePolicy } from '@console/shared';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { KeyedMutator } from 'swr';
import { saveLicensePolicy } from '../../api/license-policy';

/** "MIT, GPL-3.0-only\nAGPL-3.0-or-later" → the ids (commas, spaces and new lines separate). */
export const parseLicenseIds = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

// The API's limits (contracts/src/insights-licenses.ts), checked here to name the faulty entry.
const MAX_IDS = 200;
const MAX_ID_LENGTH = 100;
const SPDX_ID = /^[A-Za-z0-9.+-]+$/;

/** Why the list cannot be saved, or null. */
export function licenseIdsProblem(ids: string[]): string | null {
  if (ids.length > MAX_IDS) return `At most ${MAX_IDS} licenses can be denied (this list has ${ids.length}).`;
  const bad = ids.find((id) => id.length > MAX_ID_LENGTH || !SPDX_ID.test(id));
  if (bad === undefined) return null;
  const shown = bad.length > 40 ? `${bad.slice(0, 40)}…` : bad;
  return `Not an SPDX license id: "${shown}" (letters, digits, ".", "-" and "+", at most ${MAX_ID_LENGTH} characters).`;
}

/** Edits the tenant's denied licenses; the API's 400 detail is shown as it says it. */
export function LicensePolicyDialog({
  policy,
  mutate,
  open,
  onClose,
}: {
  policy: LicensePolicy;
  mutate: KeyedMutator<LicensePolicy>;
  open: boolean;
  onClose(): void;
}) {
  const [text, setText] = useState(() => policy.denied.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const denied = parseLicenseIds(text);
    const problem = licenseIdsProblem(denied);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await saveLicensePolicy(mutate, { denied });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save the denied licenses'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      open={open}
      titleId="license-policy-title"
      title="Denied Licenses"
      submitLabel="Save"
      busy={saving}
      error={error}
      onSubmit={() => void save()}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
    >
      <TextField
        label="SPDX license ids"
        helperText="One per line or comma-separated, e.g. GPL-3.0-only. For every report of your tenant; matched ignoring case, in SPDX expressions too."
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={4}
        fullWidth
        margin="dense"
      />
    </FormDialog>
  );
}
