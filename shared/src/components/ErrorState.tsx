import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
  /** No outer margin: inside a card, a table row or a dialog. */
  compact?: boolean;
}

/** A failed load or action: what failed, with Retry. Never an empty state that reads as "nothing found". */
export function ErrorState({ message, onRetry, retryLabel = 'Retry', compact = false }: ErrorStateProps) {
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: compact ? 0 : 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
