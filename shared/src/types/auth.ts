// The wire types come from @console/contracts (the API's schemas); the rest is client state.
import type { LoginBody, NotAuthenticated, Profile, SuccessResponse } from '@console/contracts';

export type { Profile };

export interface AuthState {
  profile: Profile | null;
  isAuthenticated: boolean;
  loading: boolean;
  /** Why the signed-in user's profile could not be loaded (null when it loaded or was not asked for). */
  profileError: string | null;
}

export type LoginPayload = LoginBody;

/** GET /v1/token/is_authenticated/ */
export type AuthCheckResponse = SuccessResponse | NotAuthenticated;

export interface AuthResult {
  success: boolean;
  error?: string;
}

/** An error body as the client reads it: any proxy or server on the way may send one without `detail`. */
export interface ApiErrorBody {
  detail?: string;
  errors?: Record<string, unknown>;
}

export interface Paginated<T> {
  count?: number;
  next?: string | null;
  previous?: string | null;
  results: T[];
}
