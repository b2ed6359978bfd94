import { ConfirmDialog } from '@console/shared';

export interface DeleteCredentialDialogProps {
  /** What is deleted, as the title and question say it ("token", "API key"). */
  what: string;
  open: boolean;
  busy: boolean;
  /** Why the last delete failed: the dialog stays open with it. */
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before a credential is deleted. */
export function DeleteCredentialDialog({ what, open, busy, error, onConfirm, onClose }: DeleteCredentialDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${what}`}
      message={`Are you sure you want to delete this ${what}?`}
      confirmLabel="Delete"
      confirmColor="error"
      busy={busy}
      error={error}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
