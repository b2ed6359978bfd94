import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { Kev } from '../../types';

/** One line for screen readers and the tooltip: "Known exploited (CISA KEV), due 2024-01-31, known ransomware use". */
export function kevSummary(kev: Kev): string {
  const parts = ['Known exploited (CISA KEV)'];
  if (kev.date_added) parts.push(`added ${kev.date_added}`);
  if (kev.due_date) parts.push(`due ${kev.due_date}`);
  if (kev.known_ransomware) parts.push('known ransomware use');
  return parts.join(', ');
}

/** A red "KEV" badge for a finding in CISA's Known Exploited Vulnerabilities catalogue; nothing otherwise. */
export function KevChip({ kev }: { kev: Kev | null | undefined }) {
  if (!kev) return null;
  const title = (
    <Box component="span" sx={{ display: 'block' }}>
      <strong>Known exploited (CISA KEV)</strong>
      {kev.date_added && (
        <Box component="span" sx={{ display: 'block' }}>
          Added {kev.date_added}
        </Box>
      )}
      {kev.due_date && (
        <Box component="span" sx={{ display: 'block' }}>
          Due {kev.due_date}
        </Box>
      )}
      {kev.known_ransomware && (
        <Box component="span" sx={{ display: 'block', fontWeight: 'bold' }}>
          Known ransomware use
        </Box>
      )}
    </Box>
  );
  return (
    <Tooltip title={title}>
      <Chip
        size="small"
        color="error"
        label={kev.known_ransomware ? 'KEV · ransomware' : 'KEV'}
        aria-label={kevSummary(kev)}
        data-kev
        sx={{ fontWeight: 'bold' }}
      />
    </Tooltip>
  );
}
