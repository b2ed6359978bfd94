import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent } from 'react';

export interface OutlinedFieldProps {
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Shown under the field, which is then marked invalid. */
  error?: string;
}

/**
 * TextField's outlined look from its parts: TextField also brings Select (with Menu, Popover and
 * Modal) and the filled and standard inputs, about a sixth of what /login would fetch.
 */
export function OutlinedField({ name, label, type, autoComplete, value, onChange, error }: OutlinedFieldProps) {
  const id = `field-${name}`;
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        label={label}
        value={value}
        onChange={onChange}
        aria-describedby={error ? helperId : undefined}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
