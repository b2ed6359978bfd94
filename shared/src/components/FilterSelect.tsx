import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export interface FilterOption {
  value: string;
  label: ReactNode;
}

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The first option, which keeps every row. */
  all: FilterOption;
  options: readonly FilterOption[];
  minWidth: number;
  /** Space below the select (one that stands above a table); none in a row of filters. */
  mb?: number;
  /** How the chosen option reads in the closed select, when not as its label. */
  renderValue?(value: string): ReactNode;
}

/** A drop-down filter above a table (DETECT's lists, INSIGHTS' report tabs): "all" first, then the options. */
export function FilterSelect({ label, value, onChange, all, options, minWidth, mb, renderValue }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={renderValue ? { select: { renderValue: (chosen) => renderValue(String(chosen)) } } : undefined}
      sx={{ minWidth, mb }}
    >
      {[all, ...options].map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
