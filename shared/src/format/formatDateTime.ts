/**
 * A local date-time; `missing` for an absent value (each screen keeps its own: DETECT and the
 * settings show a dash, INSIGHTS "N/A"), the raw text for one that is not a date, so nothing
 * unreadable is hidden.
 */
export function formatDateTime(value: string | null | undefined, missing = '—'): string {
  if (!value) return missing;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}
