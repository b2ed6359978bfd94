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
  /** Said first, as information, when `demo`: where a demo's findings come from. */
  demoNotice?: string;
}

/**
 * One warning per gap in what the console could check, so incomplete findings never read as a
 * clean zero (after the demo notice, if any). Renders nothing when every ecosystem is covered.
 */
export function CoverageWarnings({ coverage, demo = false, unchecked = null, demoNotice }: CoverageWarningsProps) {
  const messages = coverageGaps(coverage, demo).map(gapMessage);
  if (unchecked) messages.push(unchecked);
  return (
    <>
      {demo && demoNotice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {demoNotice}
        </Alert>
      )}
      {messages.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1, mb: 2 }} aria-label="Coverage warnings">
          {messages.map((message) => (
            <Alert key={message} severity="warning">
              {message}
            </Alert>
          ))}
        </Box>
      )}
    </>
  );
}
