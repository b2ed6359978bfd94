import { useEffect } from 'react';
import { PRODUCT_NAME } from '../constants';

/** "api-ams-16 · Devices · Security Console": the parts given (empty ones left out), then the product. */
export function documentTitle(parts: ReadonlyArray<string | null | undefined>): string {
  return [...parts.map((part) => part?.trim()).filter(Boolean), PRODUCT_NAME].join(' · ');
}

/**
 * Names the browser tab after the screen, most specific part first (the device, then the list it
 * belongs to), so a person with many tabs open finds theirs. The previous title comes back when the
 * screen goes.
 */
export function useDocumentTitle(parts: ReadonlyArray<string | null | undefined>): void {
  const title = documentTitle(parts);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
