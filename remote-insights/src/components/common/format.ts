export const NOT_AVAILABLE = 'N/A';

/** The text, or N/A when missing or blank. */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  const text = String(value).trim();
  return text ? text : NOT_AVAILABLE;
}
