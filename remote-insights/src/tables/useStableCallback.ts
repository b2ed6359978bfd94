import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function of the same identity for the component's life that calls the latest `fn`: the URL
 * hooks' setters change with every change of the URL, and a new one would re-render memoised
 * children (a table's rows, its pagination) that nothing else changed.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
