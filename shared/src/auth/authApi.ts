import { authFetch } from '../http/authFetch';
import type { ApiErrorBody, AuthCheckResponse, LoginPayload, Profile } from '../types/auth';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

// Over fetch, not the axios client: the sign-in form and the session check then need no axios,
// which /login no longer fetches (the data calls of the signed-in pages load it).
export const authApi = {
  login: (payload: LoginPayload) => authFetch('POST', '/v1/token/', payload),
  logout: () => authFetch('POST', '/v1/token/logout/'),
  isAuthenticated: () => authFetch<AuthCheckResponse>('GET', '/v1/token/is_authenticated/'),
  profile: () => authFetch<Profile>('GET', '/v1/token/profile/'),
};

/** An error with an HTTP answer: axios' (isAxiosError) or authFetch's, which has the same shape. */
function answerOf(error: unknown): { status?: number; data?: ApiErrorBody } | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const { response } = error as { response?: { status?: number; data?: unknown } };
  if (typeof response !== 'object' || response === null) return undefined;
  const data = typeof response.data === 'object' && response.data !== null ? (response.data as ApiErrorBody) : undefined;
  return { status: response.status, data };
}

/** The API's own `detail` when it sent one, otherwise the transport message. */
export function errorMessage(error: unknown, fallback = 'Request failed'): string {
  const detail = answerOf(error)?.data?.detail;
  if (typeof detail === 'string' && detail) return detail;
  return error instanceof Error && error.message ? error.message : fallback;
}

export function loginErrorMessage(error: unknown): string {
  if (answerOf(error)?.status === 401) return INVALID_CREDENTIALS_MESSAGE;
  return errorMessage(error, INVALID_CREDENTIALS_MESSAGE);
}
