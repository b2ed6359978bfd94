import Chip from '@mui/material/Chip';

/** Spec §9 risk colours: High is red with white bold text, Medium is amber; anything else stays plain. */
export function riskChipSx(level: string | null | undefined) {
  if (level === 'High') return { bgcolor: '#d32f2f', color: '#ffffff', fontWeight: 'bold' };
  if (level === 'Medium') return { bgcolor: '#ffbf00', color: 'rgba(0, 0, 0, 0.87)' };
  return {};
}

export function RiskChip({ level }: { level: string | null | undefined }) {
  if (!level) return <>—</>;
  return <Chip size="small" label={level} sx={riskChipSx(level)} data-risk={level} />;
}
