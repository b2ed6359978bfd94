import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { DeniedMatch } from './licenses';

export const deniedLabel = ({ license, via }: DeniedMatch) =>
  via === 'expression' ? `Denied: ${license} (in expression)` : `Denied: ${license}`;

/** The component's licenses the tenant's policy denies, as red chips (nothing when none). */
export function DeniedLicenseChips({ matches }: { matches: DeniedMatch[] }) {
  if (matches.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
      {matches.map((match) => (
        <Chip key={match.license} size="small" color="error" label={deniedLabel(match)} />
      ))}
    </Stack>
  );
}
