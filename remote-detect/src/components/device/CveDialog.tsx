import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCveDescription } from '../../api/cve-description';
import { useLogError } from '../../hooks/useLogError';

export interface CveDialogProps {
  cve: { cve_uid: string; cve_id: string | null } | null;
  onClose(): void;
}

/** The CVE description with a Close button (spec §2). */
export function CveDialog({ cve, onClose }: CveDialogProps) {
  const { data, error, isLoading } = useCveDescription(cve?.cve_uid);
  // Spec §8: a CVE description error is only logged; the dialog just stays without text.
  useLogError(error, 'Loading the CVE description');
  return (
    <Dialog open={cve !== null} onClose={onClose} aria-labelledby="cve-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="cve-dialog-title">{data?.cve_id ?? cve?.cve_id ?? 'CVE'}</DialogTitle>
      <DialogContent>
        {isLoading ? <CircularProgress size={24} /> : <DialogContentText>{data?.description}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
