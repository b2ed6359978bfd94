import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

export interface CloseableDialogProps {
  open: boolean;
  onClose: () => void;
  /** The title element's id, which labels the dialog. */
  titleId: string;
  title: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** The dialog's DialogContent (one or more). */
  children: ReactNode;
}

/** A dialog that shows something and has one action, Close: full width up to `maxWidth` (md unless told). */
export function CloseableDialog({ open, onClose, titleId, title, maxWidth = 'md', children }: CloseableDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
