import type { InsightReport, ReportContext } from '@console/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState, type FormEvent } from 'react';

export const PURPOSE_TOOLTIP = 'Describe the intended use of the device in this field.';
export const ENVIRONMENT_TOOLTIP = 'Specify the environment where the device will be deployed.';
// The API's limits; the inputs stop there instead of failing the save.
const TEXT_MAX = 2000;
const LONG_TEXT_MAX = 10000;

type TextKey = 'make' | 'model' | 'industry' | 'sold_in' | 'purpose' | 'environment';
type FlagKey = 'internet_facing' | 'ota_capable' | 'encryption_at_rest' | 'encryption_in_transit';

const FLAGS: Array<[FlagKey, string]> = [
  ['internet_facing', 'Internet Facing'],
  ['ota_capable', 'OTA Capable'],
  ['encryption_at_rest', 'Encryption at Rest'],
  ['encryption_in_transit', 'Encryption in Transit'],
];

/** The ten context fields, with the API's defaults for any it left out. */
export function contextOf(report: InsightReport): ReportContext {
  const c: Partial<ReportContext> = report.context ?? {};
  return {
    make: c.make ?? '',
    model: c.model ?? '',
    internet_facing: c.internet_facing ?? false,
    ota_capable: c.ota_capable ?? false,
    encryption_at_rest: c.encryption_at_rest ?? false,
    encryption_in_transit: c.encryption_in_transit ?? false,
    industry: c.industry ?? '',
    purpose: c.purpose ?? '',
    environment: c.environment ?? '',
    sold_in: c.sold_in ?? '',
  };
}

export interface ContextTabProps {
  report: InsightReport;
  /** Resolves once the PATCH and the report refresh are done; rejects when the save failed. */
  onSave(context: ReportContext): Promise<void>;
}

/**
 * Spec §2 Context form. Make, Model and Industry are marked required but nothing blocks saving
 * (spec §5), so the form does no validation of its own.
 */
export function ContextTab({ report, onSave }: ContextTabProps) {
  // Initialised once per report (the page keys this tab by uid), so a refresh never wipes edits.
  const [form, setForm] = useState<ReportContext>(() => contextOf(report));
  const [busy, setBusy] = useState(false);

  const text = (key: TextKey, label: string, extra: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField
      fullWidth
      label={label}
      value={form[key]}
      onChange={(event) => setForm((current) => ({ ...current, [key]: event.target.value }))}
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 3 : undefined}
      slotProps={{ htmlInput: { maxLength: extra.multiline ? LONG_TEXT_MAX : TEXT_MAX } }}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSave(form);
    } catch {
      // The page shows "Failed to save context data."; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {/* noValidate: the required marks must not let the browser block the save. */}
      <Box component="form" aria-label="Context" noValidate onSubmit={(event) => void submit(event)}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>{text('make', 'Make', { required: true })}</Grid>
          <Grid size={{ xs: 12, md: 4 }}>{text('model', 'Model', { required: true })}</Grid>
          <Grid size={{ xs: 12, md: 4 }}>{text('industry', 'Industry', { required: true })}</Grid>
          <Grid size={12}>
            <FormGroup row>
              {FLAGS.map(([key, label]) => (
                <FormControlLabel
                  key={key}
                  label={label}
                  control={
                    <Checkbox
                      checked={form[key]}
                      onChange={(event) => setForm((current) => ({ ...current, [key]: event.target.checked }))}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Tooltip title={PURPOSE_TOOLTIP} describeChild placement="top-start">
              {text('purpose', 'Purpose', { multiline: true })}
            </Tooltip>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Tooltip title={ENVIRONMENT_TOOLTIP} describeChild placement="top-start">
              {text('environment', 'Environment', { multiline: true })}
            </Tooltip>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>{text('sold_in', 'Sold In')}</Grid>
          <Grid size={12}>
            <Button type="submit" variant="contained" disabled={busy}>
              Save Context
            </Button>
          </Grid>
        </Grid>
      </Box>
    </Paper>
  );
}
