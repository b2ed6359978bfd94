import { errorMessage } from '@console/shared';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState } from 'react';

export const NOTICE_HIDE_MS = 6000;

export interface Notice {
  severity: 'success' | 'error';
  message: string;
  /** A failed action that can simply run again (delete, save): the notice offers Retry. */
  retry?: () => void;
}

/** The spec's "alerts": a visible snackbar instead of window.alert, which blocks the page. */
export function NoticeSnackbar({ notice, open, onClose }: { notice: Notice | null; open: boolean; onClose(): void }) {
  return (
    <Snackbar
      open={open && notice !== null}
      autoHideDuration={NOTICE_HIDE_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {/* The Alert must exist while the snackbar animates out, so it keeps the last text. */}
      <Alert
        severity={notice?.severity ?? 'success'}
        variant="filled"
        onClose={onClose}
        sx={{ width: '100%' }}
        action={
          notice?.retry ? (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  onClose();
                  notice.retry!();
                }}
              >
                Retry
              </Button>
              <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
      >
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}

/** "Failed to save context data. make must not be empty": the spec's text, then the API's reason. */
export function withReason(text: string, error: unknown): string {
  const reason = errorMessage(error, '');
  return reason ? `${text} ${reason}` : text;
}

/** The last notice stays set after closing, so its text does not vanish mid-animation. */
export function useNotice(initial: Notice | null = null) {
  const [notice, setNotice] = useState<Notice | null>(initial);
  const [open, setOpen] = useState(initial !== null);
  const notify = useCallback((next: Notice) => {
    setNotice(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { notice, open, notify, close };
}

// A notice that must outlive its page (the report is deleted, then the list shows): the next
// page of this remote takes it. Module state is shared by both exposed pages of this remote.
let pending: Notice | null = null;

export function flashNotice(notice: Notice): void {
  pending = notice;
}

export function takeFlashNotice(): Notice | null {
  const notice = pending;
  pending = null;
  return notice;
}
