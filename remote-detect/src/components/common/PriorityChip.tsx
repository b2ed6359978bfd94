import Chip from '@mui/material/Chip';

// The spec leaves severity colours open; these follow the risk colours (High red, Medium amber).
const COLORS: Record<string, { bgcolor: string; color: string; fontWeight?: string }> = {
  Critical: { bgcolor: '#7f0000', color: '#ffffff', fontWeight: 'bold' },
  High: { bgcolor: '#d32f2f', color: '#ffffff', fontWeight: 'bold' },
  Medium: { bgcolor: '#ffbf00', color: 'rgba(0, 0, 0, 0.87)' },
  Low: { bgcolor: '#e0e0e0', color: 'rgba(0, 0, 0, 0.87)' },
};

export function PriorityChip({ priority }: { priority: string | null | undefined }) {
  if (!priority) return <>—</>;
  return <Chip size="small" label={priority} sx={COLORS[priority] ?? {}} />;
}
