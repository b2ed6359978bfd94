import { ErrorState } from '@console/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

export interface LoadedProps<T> {
  /** What a failure names: "Could not load the attack trend." */
  what: string;
  result: { data?: T; error?: unknown; mutate: () => unknown };
  children: (data: T) => ReactNode;
}

/** A card's own load: a spinner, or what failed with Retry (never an empty state), or the data. */
export function Loaded<T>({ what, result, children }: LoadedProps<T>) {
  if (result.error !== undefined && result.error !== null) {
    return <ErrorState compact message={`Could not load ${what}.`} onRetry={() => void result.mutate()} />;
  }
  if (result.data === undefined) {
    return (
      <Box role="status" aria-label={`Loading ${what}`} sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  return <>{children(result.data)}</>;
}
