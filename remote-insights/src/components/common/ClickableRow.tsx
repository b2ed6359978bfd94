import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A table row that opens its details on a click, or on Enter or Space once focused (Tab reaches it). */
export function ClickableRow({ onOpen, children }: { onOpen(): void; children: ReactNode }) {
  return (
    <TableRow
      hover
      tabIndex={0}
      sx={{ cursor: 'pointer' }}
      onClick={() => onOpen()}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen();
        }
      }}
    >
      {children}
    </TableRow>
  );
}
