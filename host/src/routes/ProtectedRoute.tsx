import { ErrorState, useAuth } from '@console/shared';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { usePrefetchRouteData } from './prefetchRouteData';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isAuthenticated, loading, profile, profileError, checkAuth } = useAuth();
  const location = useLocation();
  usePrefetchRouteData(location.pathname, location.search);
  if (isAuthenticated && profile === null && profileError !== null) {
    // Signed in, but no profile: every page would wait for a tenant forever.
    return <ErrorState message={`Could not load your profile: ${profileError}`} onRetry={() => void checkAuth()} />;
  }
  if (isAuthenticated) return <>{children}</>;
  if (loading) {
    return (
      <Typography role="status" sx={{ p: 3 }}>
        Loading...
      </Typography>
    );
  }
  return <Navigate to="/login" replace state={{ from: location }} />;
}
