import { ASSESSMENT_TYPES, type AssessmentType, type CreateReportInput } from '@console/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { ASSESSMENT_TYPE_LABELS } from '../report/labels';

export const NAME_REQUIRED = 'Report name is required.';
/** The API's limit: longer names would only fail on the server. */
export const REPORT_NAME_MAX = 200;

export interface CreateReportFormProps {
  /** Resolves true when the report was created (the form then clears). */
  onCreate(input: CreateReportInput): Promise<boolean>;
}

/** Report Name, type (System by default) and Create; a blank name makes no call (spec §5). */
export function CreateReportForm({ onCreate }: CreateReportFormProps) {
  const [name, setName] = useState('');
  const [type, setType] = useState<AssessmentType>('system');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(NAME_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      if (await onCreate({ name: trimmed, assessment_type: type })) setName('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      aria-label="Create report"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 3 }}
    >
      <TextField
        size="small"
        label="Report Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: REPORT_NAME_MAX } }}
        sx={{ minWidth: 280 }}
      />
      <TextField
        select
        size="small"
        label="Type"
        value={type}
        onChange={(event) => setType(event.target.value as AssessmentType)}
        sx={{ minWidth: 160 }}
      >
        {ASSESSMENT_TYPES.map((value) => (
          <MenuItem key={value} value={value}>
            {ASSESSMENT_TYPE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 0.25 }}>
        Create
      </Button>
    </Box>
  );
}
