import { useEffect } from 'react';

/** For errors the spec says are "only logged, with no user message". */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what} failed`, error);
  }, [error, what]);
}
