import Chip from '@mui/material/Chip';

// The spec leaves severity colours open; these follow the risk colours (High red, Medium amber).
const SEVERITY_SX: Record<string, { bgcolor: string; color: string; fontWeight?: string }> = {
  critical: { bgcolor: '#7f0000', color: '#ffffff', fontWeight: 'bold' },
  high: { bgcolor: '#d32f2f', color: '#ffffff', fontWeight: 'bold' },
  medium: { bgcolor: '#ffbf00', color: 'rgba(0, 0, 0, 0.87)' },
  low: { bgcolor: '#90caf9', color: 'rgba(0, 0, 0, 0.87)' },
};

/** Chart colours of the same levels (none and unknown are greys). */
export const SEVERITY_COLORS: Record<string, string> = {
  critical: '#7f0000',
  high: '#d32f2f',
  medium: '#ffbf00',
  low: '#90caf9',
  none: '#bdbdbd',
  unknown: '#757575',
};

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A severity (lower case) as a coloured chip; a dash when there is none. */
export function SeverityChip({ severity }: { severity: string | null | undefined }) {
  if (!severity) return <>—</>;
  return <Chip size="small" label={capitalise(severity)} sx={SEVERITY_SX[severity] ?? {}} data-severity={severity} />;
}
