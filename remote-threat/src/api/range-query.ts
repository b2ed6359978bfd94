import type { HoneypotRange } from '@console/shared';

/** `?range=7d`, or nothing: the API's default (14 days) when no range is chosen. */
export const rangeQuery = (range?: HoneypotRange, extra?: URLSearchParams): string => {
  const params = new URLSearchParams(extra);
  if (range !== undefined) params.set('range', range);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
};
