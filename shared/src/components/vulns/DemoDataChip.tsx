import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

export const DEMO_DATA_LABEL = 'Demo data';

/** Marks a finding that only the demo catalogue supports (invented patch ladders, real CVE ids). */
export function DemoDataChip() {
  return (
    <Tooltip title="From the demo catalogue, not from a real advisory">
      <Chip size="small" variant="outlined" color="info" label={DEMO_DATA_LABEL} />
    </Tooltip>
  );
}
