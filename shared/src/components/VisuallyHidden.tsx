import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Text for screen readers only: the name of a column of buttons, which sighted users read from
 * the buttons themselves (an empty header leaves the column unnamed). Clipped in place, not
 * absolutely positioned: an absolute box escapes a table's own scroll box and widens the page.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        width: '1px',
        height: '1px',
        m: '-1px',
        p: 0,
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </Box>
  );
}
