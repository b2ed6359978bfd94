/** Where a sign-in lands when there is nowhere (safe) to return to. */
export const HOME_PATH = '/';

interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

function isLocationLike(value: unknown): value is LocationLike {
  return typeof value === 'object' && value !== null && typeof (value as LocationLike).pathname === 'string';
}

/**
 * The in-app path to return to after signing in: the `from` that ProtectedRoute's redirect carries
 * (a location, or a path). Only a path of this console is taken: an absolute URL, `//host`, `/\host`
 * (which browsers read as `//host`), control characters or the sign-in page itself give `/`, so a
 * crafted `from` can never send someone off-site.
 */
export function returnPath(from: unknown, origin: string = window.location.origin): string {
  const path =
    typeof from === 'string' ? from : isLocationLike(from) ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(path)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return HOME_PATH;
  }
  // Dot segments may resolve to `//host` (`/a/../..//host`): checked again once resolved.
  if (url.origin !== origin || url.pathname.startsWith('//')) return HOME_PATH;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
