import { CopyButton, type CreatedApiKey } from '@console/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

export const KEY_SHOWN_ONCE = 'This key will not be shown again. Copy it now and keep it somewhere safe.';

/** The only place the full key ever shows; the page forgets it when this closes. */
export function NewKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose(): void }) {
  return (
    <Dialog open={created !== null} onClose={onClose} aria-labelledby="new-key-title" fullWidth maxWidth="sm">
      <DialogTitle id="new-key-title">API Key Created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {KEY_SHOWN_ONCE}
        </Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            component="code"
            aria-label="New API key"
            sx={{ flex: 1, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, wordBreak: 'break-all', fontSize: 13 }}
          >
            {created?.key}
          </Box>
          {created && <CopyButton text={created.key} />}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
