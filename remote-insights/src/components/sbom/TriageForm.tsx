import {
  errorMessage,
  type AnalysisJustification,
  type AnalysisResponse,
  type AnalysisState,
  type SbomAnalysisInput,
} from '@console/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { setSbomAnalysis } from '../../api/report-sbom-analyses';
import { enumText, type AffectedComponent, type VulnerabilityRow } from './sbomData';

// CycloneDX 1.6 vocabulary (the API refuses anything else with a 400).
export const STATES: AnalysisState[] = [
  'in_triage',
  'exploitable',
  'not_affected',
  'false_positive',
  'resolved',
  'resolved_with_pedigree',
];
export const JUSTIFICATIONS: AnalysisJustification[] = [
  'code_not_present',
  'code_not_reachable',
  'requires_configuration',
  'requires_dependency',
  'requires_environment',
  'protected_by_compiler',
  'protected_at_runtime',
  'protected_at_perimeter',
  'protected_by_mitigating_control',
];
export const RESPONSES: AnalysisResponse[] = ['can_not_fix', 'will_not_fix', 'update', 'rollback', 'workaround_available'];

const NONE = '';
export const DETAIL_MAX = 5000;

/** The components an analysis can be kept under (a purl, or a component of the SBOM). */
const triageable = (row: VulnerabilityRow) => row.affected.filter((a) => a.key !== null);

function identity(affected: AffectedComponent): SbomAnalysisInput['component'] {
  const c = affected.component;
  if (!c) return { purl: affected.ref };
  return c.purl ? { purl: c.purl } : { name: c.name, group: c.group ?? null, version: c.version ?? null };
}

interface Draft {
  state: AnalysisState | typeof NONE;
  justification: AnalysisJustification | typeof NONE;
  response: AnalysisResponse[];
  detail: string;
}

/** The form starts from what holds for the component: the console's analysis, else the file's. */
function draftOf(row: VulnerabilityRow, affected: AffectedComponent | undefined): Draft {
  const entry = affected?.consoleAnalysis;
  const source = entry ?? row.fileAnalysis;
  return {
    state: (source?.state as AnalysisState | null) ?? NONE,
    justification: (source?.justification as AnalysisJustification | null) ?? NONE,
    response: (source?.response as AnalysisResponse[] | undefined) ?? [],
    detail: source?.detail ?? '',
  };
}

/** Sets the console's analysis of one affected component's vulnerability (kept across re-uploads). */
export function TriageForm({ uid, row }: { uid: string; row: VulnerabilityRow }) {
  const { mutate } = useSWRConfig();
  const components = triageable(row);
  const [ref, setRef] = useState(components[0]?.ref ?? '');
  const selected = components.find((a) => a.ref === ref);
  const [draft, setDraft] = useState<Draft>(() => draftOf(row, selected));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  if (!row.vulnerability.id || components.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        The console cannot keep an analysis for this vulnerability: it has no id, or none of its components has a purl or is
        listed in this SBOM.
      </Typography>
    );
  }

  const change = (next: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...next }));
  };
  const save = async () => {
    if (!selected || draft.state === NONE) return;
    setSaving(true);
    setError(null);
    try {
      await setSbomAnalysis(mutate, uid, {
        component: identity(selected),
        vulnerability_id: row.vulnerability.id!,
        state: draft.state,
        justification: draft.state === 'not_affected' && draft.justification !== NONE ? draft.justification : null,
        response: draft.response,
        detail: draft.detail,
      });
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save the analysis'));
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <Box component="form" aria-label="Set the analysis" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          size="small"
          label="Component"
          value={ref}
          onChange={(event) => {
            const next = components.find((a) => a.ref === event.target.value);
            setRef(event.target.value);
            setSaved(false);
            setDraft(draftOf(row, next));
          }}
        >
          {components.map((a) => (
            <MenuItem key={a.ref} value={a.ref}>
              {a.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="State"
          required
          value={draft.state}
          onChange={(event) => change({ state: event.target.value as AnalysisState })}
        >
          {STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {enumText(state)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Justification"
          value={draft.state === 'not_affected' ? draft.justification : NONE}
          disabled={draft.state !== 'not_affected'}
          helperText={draft.state === 'not_affected' ? undefined : 'Only for Not affected'}
          onChange={(event) => change({ justification: event.target.value as AnalysisJustification })}
        >
          <MenuItem value={NONE}>None</MenuItem>
          {JUSTIFICATIONS.map((justification) => (
            <MenuItem key={justification} value={justification}>
              {enumText(justification)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Response"
          value={draft.response}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (value) => (value as string[]).map(enumText).join(', '),
            },
          }}
          onChange={(event) => {
            const value = event.target.value as unknown as string[] | string;
            change({ response: (typeof value === 'string' ? value.split(',') : value) as AnalysisResponse[] });
          }}
        >
          {RESPONSES.map((response) => (
            <MenuItem key={response} value={response}>
              {enumText(response)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField
        size="small"
        label="Comment"
        multiline
        minRows={2}
        value={draft.detail}
        onChange={(event) => change({ detail: event.target.value })}
        slotProps={{ htmlInput: { maxLength: DETAIL_MAX } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="small" disabled={saving || draft.state === NONE}>
          {saving ? 'Saving…' : 'Save analysis'}
        </Button>
        {saved && (
          <Typography variant="body2" color="success.main" role="status">
            Saved: kept for this component across re-uploads.
          </Typography>
        )}
      </Box>
      {error && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void save()}>
              Retry
            </Button>
          }
        >
          Could not save the analysis: {error}
        </Alert>
      )}
    </Box>
  );
}
