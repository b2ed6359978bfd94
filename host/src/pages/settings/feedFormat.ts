import { formatUtcDay } from '@console/shared';

/** The date of a data release (KEV dateReleased, EPSS score date), read in UTC so a midnight date stays that day. */
export function formatReleaseDate(value: string | null | undefined): string | null {
  return value ? formatUtcDay(value) : null;
}

export const formatCount = (count: number) => count.toLocaleString('en-US');
