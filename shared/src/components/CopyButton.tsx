import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';

export const COPIED_FEEDBACK_MS = 2000;

export interface CopyButtonProps {
  text: string;
  label?: string;
  /** Accessible name when several copy buttons share a page. */
  ariaLabel?: string;
}

/** Copies `text` and says "Copied" for a moment, so the user sees it worked. */
export function CopyButton({ text, label = 'Copy', ariaLabel }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      // No clipboard (insecure context or denied): the text stays visible to select by hand.
      console.error('Copy to clipboard failed', error);
    }
  };

  return (
    <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} aria-label={ariaLabel} onClick={() => void copy()}>
      {copied ? 'Copied' : label}
    </Button>
  );
}
