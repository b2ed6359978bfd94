export const NOT_AVAILABLE = 'N/A';

/** A local date-time; N/A for a missing value, the raw text for one that is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

/** The text, or N/A when missing or blank. */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  const text = String(value).trim();
  return text ? text : NOT_AVAILABLE;
}
