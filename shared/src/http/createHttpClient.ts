import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { PREFETCH_FLAG, takePrefetched } from './prefetch';
import { API_BASE_URL, CSRF_COOKIE, CSRF_HEADER, REFRESH_PATH, csrfCookieName, isNoRetryPath, refreshOnce } from './session';

export { API_BASE_URL, CSRF_COOKIE, REFRESH_PATH, SECURE_CSRF_COOKIE, csrfCookieName, isNoRetryPath } from './session';

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

export function createHttpClient(options: HttpClientOptions = {}): HttpClients {
  const baseURL = options.baseURL ?? API_BASE_URL;
  const defaults = {
    baseURL,
    withCredentials: true,
    timeout: 0,
    xsrfCookieName: CSRF_COOKIE,
    xsrfHeaderName: CSRF_HEADER,
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

  // A GET the host started before the page loaded (prefetch.ts) answers the page's own GET of that
  // URL, once (a failed one as it failed; the refresh interceptor below then acts as for any other).
  http.interceptors.request.use(
    (config) => {
      const ownPrefetch = (config as { [PREFETCH_FLAG]?: boolean })[PREFETCH_FLAG] === true;
      if (config.method === 'get' && !ownPrefetch && config.params === undefined && config.url) {
        const answer = takePrefetched(config.url);
        if (answer) config.adapter = () => answer.then((response) => ({ ...response, config }));
      }
      return config;
    },
    undefined,
    { synchronous: true },
  );

  // Requests that meet a 401 while a refresh runs wait on the one refresh of the page (the queue),
  // also when the sign-in calls (authFetch.ts) started it.
  const refreshSession = () => refreshOnce(() => refreshClient.post(REFRESH_PATH));

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
