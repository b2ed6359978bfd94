import TextField from '@mui/material/TextField';
import { useState } from 'react';

export interface ExactTextFilterProps {
  label: string;
  /** The filter in the URL ('' for none). */
  value: string;
  onCommit(value: string): void;
  /** What the API accepts. */
  maxLength: number;
  helperText?: string;
}

/**
 * A filter on an exact name (a platform, a rule): applied on Enter or when the field is left, not
 * per keystroke, since a half-typed exact name matches nothing.
 */
export function ExactTextFilter({ label, value, onCommit, maxLength, helperText }: ExactTextFilterProps) {
  const [draft, setDraft] = useState(value);
  // Back, a reload or a cleared filter changes the URL underneath: the field follows it.
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  const commit = () => {
    const next = draft.trim();
    if (next !== value) onCommit(next);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={draft}
      helperText={helperText}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { maxLength } }}
      sx={{ minWidth: 200 }}
    />
  );
}
