import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Text for screen readers only: the name of a column of buttons, which sighted users read from
 * the buttons themselves (an empty header leaves the column unnamed).
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        p: 0,
        m: '-1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </Box>
  );
}
