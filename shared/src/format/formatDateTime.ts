/**
 * How every screen writes a date-time: the viewer's locale and zone, with the zone named
 * ("11/20/2026, 8:00:00 AM UTC"), so analysts in different places and the sensor logs they compare
 * with agree on the instant.
 */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };

/**
 * A local date-time with its zone; `missing` for an absent value (each screen keeps its own:
 * DETECT and the settings show a dash, INSIGHTS "N/A"), the raw text for one that is not a date,
 * so nothing unreadable is hidden.
 */
export function formatDateTime(value: string | number | null | undefined, missing = '—'): string {
  if (value === null || value === undefined || value === '') return missing;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString(undefined, DATE_TIME_OPTIONS);
}

/**
 * A calendar day counted in UTC (a chart's daily bucket, a data release), named as such
 * ("11/20/2026 (UTC)"): read in the viewer's zone it could show the day before.
 */
export function formatUtcDay(value: string | number | null | undefined, missing = '—'): string {
  if (value === null || value === undefined || value === '') return missing;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : `${date.toLocaleDateString(undefined, { timeZone: 'UTC' })} (UTC)`;
}

/** An ISO 8601 date-time (e.g. Elastic's `@timestamp`): only these are rewritten, not numbers or words. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export const isIsoDateTime = (value: string): boolean => ISO_DATE_TIME.test(value);
