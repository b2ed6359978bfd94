import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

export const DEMO_DATA_LABEL = 'Demo data';

/** Marks a finding that only the demo catalogue supports (invented patch ladders, real CVE ids). */
export function DemoDataChip() {
  return (
    <Tooltip title="From the demo catalogue, not from a real advisory" describeChild>
      {/* info.dark, not info.main: #0288d1 on white is 3.9:1, under WCAG AA's 4.5:1 for small text. */}
      <Chip size="small" variant="outlined" label={DEMO_DATA_LABEL} sx={{ color: 'info.dark', borderColor: 'info.dark' }} />
    </Tooltip>
  );
}
