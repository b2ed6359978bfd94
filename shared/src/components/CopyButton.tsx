import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';

export const COPIED_FEEDBACK_MS = 2000;
/** Said when the clipboard refuses, so nobody leaves believing a key or command was copied. */
export const COPY_FAILED = 'Copy failed: select the text';

export interface CopyButtonProps {
  text: string;
  label?: string;
  /** Accessible name when several copy buttons share a page. */
  ariaLabel?: string;
}

/** Copies `text` and says "Copied" (or that it failed) for a moment, so the user sees what happened. */
export function CopyButton({ text, label = 'Copy', ariaLabel }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (outcome === null) return undefined;
    const timer = setTimeout(() => setOutcome(null), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch (error) {
      // No clipboard (insecure context or denied): the text stays visible to select by hand.
      console.error('Copy to clipboard failed', error);
      setOutcome('failed');
    }
  };

  return (
    <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} aria-label={ariaLabel} onClick={() => void copy()}>
      {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? COPY_FAILED : label}
    </Button>
  );
}
