import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FilterOption } from './filterOptions';

export interface ChoiceFilterProps {
  label: string;
  /** '' is "All". */
  value: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
}

/** A filter above a list: All, or one of a few values. */
export function ChoiceFilter({ label, value, options, onChange }: ChoiceFilterProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 140 }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map(({ value: optionValue, label: optionLabel }) => (
        <MenuItem key={optionValue} value={optionValue}>
          {optionLabel}
        </MenuItem>
      ))}
    </TextField>
  );
}
