import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { AuthResult, LoginPayload, Profile } from '../types/auth';
import { AuthContext, type AuthContextValue } from './AuthContext';
import { authApi, errorMessage, loginErrorMessage } from './authApi';

export interface AuthProviderProps {
  children: ReactNode;
}

/** Must sit inside the router: the session is re-checked on every path change. */
export function AuthProvider({ children }: AuthProviderProps) {
  const { pathname } = useLocation();
  const [isAuthenticated, setAuthenticated] = useState(false);
  const [loading, setLoading] = useState(true);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [profileError, setProfileError] = useState<string | null>(null);
  const profileRef = useRef<Profile | null>(null);

  const storeProfile = useCallback((next: Profile | null) => {
    profileRef.current = next;
    setProfile(next);
  }, []);

  const markUnauthenticated = useCallback(() => {
    setAuthenticated(false);
    setProfileError(null);
    storeProfile(null);
  }, [storeProfile]);

  const fetchProfile = useCallback(async () => {
    try {
      const { data } = await authApi.profile();
      storeProfile(data);
      setProfileError(null);
    } catch (error) {
      // Without the profile no page knows its tenant: say so (ProtectedRoute offers Retry), never load forever.
      console.error('Failed to load the profile', error);
      setProfileError(errorMessage(error));
    }
  }, [storeProfile]);

  const checkAuth = useCallback(async (): Promise<AuthResult> => {
    try {
      const { data } = await authApi.isAuthenticated();
      if (!data?.success) {
        markUnauthenticated();
        return { success: false, error: data?.detail ?? 'Not authenticated' };
      }
      setAuthenticated(true);
      if (!profileRef.current?.user_email) await fetchProfile();
      return { success: true };
    } catch (error) {
      markUnauthenticated();
      console.error('Authentication check failed', error);
      return { success: false, error: errorMessage(error) };
    } finally {
      setLoading(false);
    }
  }, [fetchProfile, markUnauthenticated]);

  const login = useCallback(
    async (payload: LoginPayload): Promise<AuthResult> => {
      try {
        await authApi.login(payload);
        setAuthenticated(true);
        await checkAuth();
        return { success: true };
      } catch (error) {
        console.error('Login failed', error);
        return { success: false, error: loginErrorMessage(error) };
      }
    },
    [checkAuth],
  );

  const logout = useCallback(async (): Promise<AuthResult> => {
    try {
      await authApi.logout();
      markUnauthenticated();
      return { success: true };
    } catch (error) {
      console.error('Logout failed', error);
      return { success: false, error: errorMessage(error) };
    }
  }, [markUnauthenticated]);

  useEffect(() => {
    // checkAuth sets state only once the session check has answered, never synchronously here.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    void checkAuth();
  }, [pathname, checkAuth]);

  const value = useMemo<AuthContextValue>(
    () => ({ isAuthenticated, loading, profile, profileError, login, logout, checkAuth }),
    [isAuthenticated, loading, profile, profileError, login, logout, checkAuth],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
