import { useEffect, useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useOptionalAuth } from '../auth/AuthContext';
import { createGcCache } from './gcCache';
import { swrConfig } from './swrConfig';

export interface SWRProviderProps {
  children: ReactNode;
}

export function SWRProvider({ children }: SWRProviderProps) {
  const [cache] = useState(() => createGcCache());
  const auth = useOptionalAuth();
  const signedOut = auth !== null && !auth.loading && !auth.isAuthenticated;

  useEffect(() => {
    cache.start();
    return () => cache.stop();
  }, [cache]);

  // One tenant's data must not show to the next user who signs in on this page.
  useEffect(() => {
    if (signedOut) for (const key of [...cache.keys()]) cache.delete(key);
  }, [cache, signedOut]);

  return <SWRConfig value={{ ...swrConfig, provider: () => cache }}>{children}</SWRConfig>;
}
