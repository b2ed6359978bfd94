import { useCallback, useState } from 'react';

/** The item a dialog shows; it stays set while the dialog closes, so the content does not blank mid-animation. */
export function useDialogItem<T>() {
  const [item, setItem] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: T) => {
    setItem(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { item, open, show, close };
}
