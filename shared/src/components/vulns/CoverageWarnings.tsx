import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Coverage } from '../../types';
import { coverageGaps, gapMessage } from './format';

export interface CoverageWarningsProps {
  coverage: Coverage[] | null | undefined;
  /** A demo device or SBOM: the demo catalogue covers it too. */
  demo?: boolean;
  /** What was never checked at all ("3 packages are not checked: …"); null when everything was. */
  unchecked?: string | null;
}

/**
 * One warning per gap in what the console could check, so incomplete findings never read as a
 * clean zero. Renders nothing when every ecosystem is covered.
 */
export function CoverageWarnings({ coverage, demo = false, unchecked = null }: CoverageWarningsProps) {
  const messages = coverageGaps(coverage, demo).map(gapMessage);
  if (unchecked) messages.push(unchecked);
  if (messages.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }} aria-label="Coverage warnings">
      {messages.map((message) => (
        <Alert key={message} severity="warning">
          {message}
        </Alert>
      ))}
    </Box>
  );
}
