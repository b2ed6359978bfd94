import { CopyButton, type CreatedApiKey } from '@console/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

export const KEY_SHOWN_ONCE = 'This key will not be shown again. Copy it now and keep it somewhere safe.';
export const KEY_COPIED_QUESTION = 'Have you copied the key?';

/**
 * The only place the full key ever shows; the page forgets it when this closes. Escape and a
 * backdrop click do not close it (a stray key press would lose the key): Done asks first.
 */
export function NewKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose(): void }) {
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState(created);
  // Each new key starts at the key, not at the question (state adjusted while rendering).
  if (created !== shown) {
    setShown(created);
    setConfirming(false);
  }
  // No onClose: without it the dialog ignores Escape and backdrop clicks.
  return (
    <Dialog open={created !== null} aria-labelledby="new-key-title" fullWidth maxWidth="sm">
      <DialogTitle id="new-key-title">API Key Created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {KEY_SHOWN_ONCE}
        </Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            component="code"
            aria-label="New API key"
            sx={{ flex: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, wordBreak: 'break-all', fontSize: 13 }}
          >
            {created?.key}
          </Box>
          {created && <CopyButton text={created.key} />}
        </Box>
        {confirming && (
          <Typography sx={{ mt: 2, fontWeight: 'bold' }} role="status">
            {KEY_COPIED_QUESTION} It cannot be shown again.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)}>Back to the key</Button>
            <Button variant="contained" color="warning" onClick={onClose}>
              Yes, close
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => setConfirming(true)}>
            Done
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
