/** The date of a data release (KEV dateReleased, EPSS score date), read in UTC so a midnight date stays that day. */
export function formatReleaseDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(undefined, { timeZone: 'UTC' });
}

export const formatCount = (count: number) => count.toLocaleString('en-US');
