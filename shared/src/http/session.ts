// What both HTTP paths of the page share: the axios client (createHttpClient.ts, every data call)
// and the fetch-based sign-in calls (authFetch.ts, which /login runs without loading axios).

export const API_BASE_URL = '/api';
export const REFRESH_PATH = '/v1/token/refresh/';

/** 401s on these paths are answers for the caller, never a reason to refresh. */
const NO_RETRY_PATHS = ['/v1/token/', REFRESH_PATH, '/v1/token/logout/'];

function normalisePath(url: string | undefined, baseURL: string): string {
  let path = (url ?? '').split('?')[0].split('#')[0];
  if (/^https?:\/\//.test(path)) path = new URL(path).pathname;
  if (baseURL && path.startsWith(baseURL)) path = path.slice(baseURL.length);
  if (!path.startsWith('/')) path = `/${path}`;
  return path.endsWith('/') ? path : `${path}/`;
}

export function isNoRetryPath(url: string | undefined, baseURL = API_BASE_URL): boolean {
  return NO_RETRY_PATHS.includes(normalisePath(url, baseURL));
}

/** Over HTTPS (COOKIE_SECURE=true) the API sets the CSRF cookie with the __Host- prefix. */
export const SECURE_CSRF_COOKIE = '__Host-csrftoken';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

const currentCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

/** The CSRF cookie this page has: the prefixed one when the server set it, else the plain one. */
export function csrfCookieName(cookies: string = currentCookies()): string {
  const names = cookies.split(';').map((pair) => pair.split('=')[0].trim());
  return names.includes(SECURE_CSRF_COOKIE) ? SECURE_CSRF_COOKIE : CSRF_COOKIE;
}

/** The value of that cookie, or null before the server has set one (as axios reads it). */
export function csrfToken(cookies: string = currentCookies()): string | null {
  const name = csrfCookieName(cookies);
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return decodeURIComponent(pair.slice(at + 1).trim());
  }
  return null;
}

// One refresh at a time for the whole page, whichever client met the 401: the API revokes the
// session family when a refresh token is presented twice (reuse detection), so two refreshes racing
// with the same cookie would sign the user out.
let refreshInFlight: Promise<void> | null = null;

/** Runs `refresh` unless one is already running, in which case every caller waits on that one. */
export function refreshOnce(refresh: () => Promise<unknown>): Promise<void> {
  if (!refreshInFlight) {
    refreshInFlight = refresh()
      .then(() => undefined)
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}
