import axios from 'axios';
import { http } from '../http/createHttpClient';
import type { ApiErrorBody, AuthCheckResponse, LoginPayload, Profile } from '../types/auth';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export const authApi = {
  login: (payload: LoginPayload) => http.post('/v1/token/', payload),
  logout: () => http.post('/v1/token/logout/'),
  isAuthenticated: () => http.get<AuthCheckResponse>('/v1/token/is_authenticated/'),
  profile: () => http.get<Profile>('/v1/token/profile/'),
};

/** The API's own `detail` when it sent one, otherwise the transport message. */
export function errorMessage(error: unknown, fallback = 'Request failed'): string {
  if (axios.isAxiosError<ApiErrorBody>(error)) {
    const detail = error.response?.data?.detail;
    if (typeof detail === 'string' && detail) return detail;
    return error.message || fallback;
  }
  return error instanceof Error ? error.message : fallback;
}

export function loginErrorMessage(error: unknown): string {
  if (axios.isAxiosError(error) && error.response?.status === 401) return INVALID_CREDENTIALS_MESSAGE;
  return errorMessage(error, INVALID_CREDENTIALS_MESSAGE);
}
