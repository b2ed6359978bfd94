import Chip from '@mui/material/Chip';

export const STATUS_COLORS = { PASS: '#2e7d32', FAIL: '#d32f2f', SKIPPED: '#9e9e9e' } as const;

const STATUS_CHIP: Record<string, 'success' | 'error' | 'default'> = { PASS: 'success', FAIL: 'error', SKIPPED: 'default' };

export function RuleStatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={STATUS_CHIP[status] ?? 'default'} data-status={status} />;
}
