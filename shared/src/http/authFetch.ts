import { API_BASE_URL, CSRF_HEADER, csrfToken, isNoRetryPath, REFRESH_PATH, refreshOnce } from './session';

/**
 * A non-2xx answer, shaped like axios' error (`response.status`, `response.data`) so the same
 * errorMessage() reads both.
 */
export class ApiResponseError extends Error {
  readonly response: { status: number; data: unknown };

  constructor(status: number, data: unknown) {
    super(`Request failed with status code ${status}`);
    this.name = 'ApiResponseError';
    this.response = { status, data };
  }
}

async function send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ data: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = csrfToken();
  if (token !== null) headers[CSRF_HEADER] = token;
  const response = await fetch(`${API_BASE_URL}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): kept as text, errorMessage() then falls back to the status.
  }
  if (!response.ok) throw new ApiResponseError(response.status, data);
  return { data: data as T };
}

/**
 * The sign-in calls (check, profile, sign in, sign out) over fetch, so /login draws without the
 * axios client. Like that client, a 401 elsewhere than the token endpoints refreshes the session
 * once (shared with the axios client through refreshOnce) and replays the call once.
 */
export async function authFetch<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ data: T }> {
  try {
    return await send<T>(method, path, body);
  } catch (error) {
    if (!(error instanceof ApiResponseError) || error.response.status !== 401 || isNoRetryPath(path)) throw error;
    try {
      await refreshOnce(() => send('POST', REFRESH_PATH));
    } catch {
      throw error;
    }
    return await send<T>(method, path, body);
  }
}
