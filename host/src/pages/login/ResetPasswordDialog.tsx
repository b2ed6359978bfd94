import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

export interface ResetPasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The product shows this dialog but sends nothing: Continue only closes it. */
export function ResetPasswordDialog({ open, onClose }: ResetPasswordDialogProps) {
  const [email, setEmail] = useState('');
  const close = () => {
    setEmail('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="reset-password-title">
      <form onSubmit={submit}>
        <DialogTitle id="reset-password-title">Reset password</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Enter your account&apos;s email address, and we&apos;ll send you a link to reset your password.
          </DialogContentText>
          <TextField
            autoFocus
            required
            margin="dense"
            id="reset-email"
            name="email"
            label="Email address"
            type="email"
            fullWidth
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained">
            Continue
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
