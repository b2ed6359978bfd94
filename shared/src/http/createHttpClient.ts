import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

export const API_BASE_URL = '/api';
export const REFRESH_PATH = '/v1/token/refresh/';

/** 401s on these paths are answers for the caller, never a reason to refresh. */
const NO_RETRY_PATHS = ['/v1/token/', REFRESH_PATH, '/v1/token/logout/'];

export interface HttpClientOptions {
  baseURL?: string;
}

export interface HttpClients {
  http: AxiosInstance;
  refreshClient: AxiosInstance;
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retriedAfterRefresh?: boolean;
}

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

/** The CSRF cookie this page has: the prefixed one when the server set it, else the plain one. */
export function csrfCookieName(cookies: string = typeof document === 'undefined' ? '' : document.cookie): string {
  const names = cookies.split(';').map((pair) => pair.split('=')[0].trim());
  return names.includes(SECURE_CSRF_COOKIE) ? SECURE_CSRF_COOKIE : CSRF_COOKIE;
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClients {
  const baseURL = options.baseURL ?? API_BASE_URL;
  const defaults = {
    baseURL,
    withCredentials: true,
    timeout: 0,
    xsrfCookieName: CSRF_COOKIE,
    xsrfHeaderName: 'X-CSRFToken',
  };
  const http = axios.create(defaults);
  // A separate instance without the response interceptor, so a failing refresh never refreshes itself.
  const refreshClient = axios.create(defaults);
  // Axios copies the named cookie into X-CSRFToken; name it per request, since the server's cookie
  // name depends on its COOKIE_SECURE and the cookie appears only after sign-in. Synchronous, so
  // requests leave exactly when they did without it.
  for (const client of [http, refreshClient]) {
    client.interceptors.request.use(
      (config) => {
        config.xsrfCookieName = csrfCookieName();
        return config;
      },
      undefined,
      { synchronous: true },
    );
  }

  // Requests that meet a 401 while a refresh runs wait on this one promise (the queue).
  let refreshInFlight: Promise<void> | null = null;

  const refreshSession = (): Promise<void> => {
    if (!refreshInFlight) {
      refreshInFlight = refreshClient
        .post(REFRESH_PATH)
        .then(() => undefined)
        .finally(() => {
          refreshInFlight = null;
        });
    }
    return refreshInFlight;
  };

  http.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    if (!config || error.response?.status !== 401 || config._retriedAfterRefresh || isNoRetryPath(config.url, baseURL)) {
      throw error;
    }
    config._retriedAfterRefresh = true;
    try {
      await refreshSession();
    } catch {
      throw error;
    }
    return http(config);
  });

  return { http, refreshClient };
}

const singletons = createHttpClient();

/** THE HTTP client of the console: one per page, shared by the host and every remote. */
export const http = singletons.http;
export const refreshClient = singletons.refreshClient;
