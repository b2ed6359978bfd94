import type { HoneypotShare } from '@console/shared';

/** "12.3%" of all attacks in the window (the API's share total), never of a top-10 sum. */
export const percentOf = (count: number, share: Pick<HoneypotShare, 'total'>): string =>
  share.total === 0 ? '0%' : `${((count / share.total) * 100).toFixed(1)}%`;

export const attacks = (count: number): string => `${count.toLocaleString('en-US')} attack${count === 1 ? '' : 's'}`;
