import type { AlertStatus } from '@console/shared';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

const STATUSES: AlertStatus[] = ['OPEN', 'CLOSED'];

export interface AlertStatusSelectProps {
  value: AlertStatus;
  disabled?: boolean;
  onChange(status: AlertStatus): void;
}

export function AlertStatusSelect({ value, disabled = false, onChange }: AlertStatusSelectProps) {
  return (
    <FormControl size="small" sx={{ minWidth: 140 }}>
      <InputLabel id="alert-status-label">Status</InputLabel>
      <Select
        labelId="alert-status-label"
        label="Status"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as AlertStatus)}
      >
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {status}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
