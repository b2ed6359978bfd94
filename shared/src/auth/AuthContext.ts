import { createContext, useContext } from 'react';
import type { AuthResult, AuthState, LoginPayload } from '../types/auth';

export interface AuthContextValue extends AuthState {
  login(payload: LoginPayload): Promise<AuthResult>;
  logout(): Promise<AuthResult>;
  checkAuth(): Promise<AuthResult>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For providers that may run with or without auth (e.g. SWR cache clearing). */
export function useOptionalAuth(): AuthContextValue | null {
  return useContext(AuthContext);
}
