import type { HoneypotRange } from '@console/shared';
import { useSearchParams } from 'react-router-dom';

export const RANGES: ReadonlyArray<{ value: HoneypotRange; label: string; words: string }> = [
  { value: '24h', label: '24 h', words: 'last 24 hours' },
  { value: '7d', label: '7 d', words: 'last 7 days' },
  { value: '14d', label: '14 d', words: 'last 14 days' },
  { value: '30d', label: '30 d', words: 'last 30 days' },
];

/** The API's window for everything beyond the spec's card when no range is chosen (that of the spec's top lists). */
export const DEFAULT_RANGE: HoneypotRange = '14d';

const isRange = (value: string | null): value is HoneypotRange => RANGES.some((range) => range.value === value);

/** "last 7 days": what a card's title says it covers. */
export const rangeWords = (range: HoneypotRange = DEFAULT_RANGE): string => RANGES.find((entry) => entry.value === range)!.words;

/**
 * The chosen time range, kept in the URL (`?range=7d`) so a reload or a shared link shows the same
 * window; undefined when none is chosen (the spec's defaults). A value the console does not offer
 * reads as none.
 */
export function useRange(): [HoneypotRange | undefined, (range: HoneypotRange | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('range');
  const set = (range: HoneypotRange | undefined) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (range === undefined) next.delete('range');
      else next.set('range', range);
      return next;
    });
  };
  return [isRange(value) ? value : undefined, set];
}
