import { HOME_PATH, returnPath } from './returnPath';

const ORIGIN = 'http://console.example';

describe('returnPath', () => {
  it('returns to the page a signed-out visitor asked for, with its query and hash', () => {
    expect(returnPath({ pathname: '/devices/d-1', search: '?packages_page=2', hash: '#threads' }, ORIGIN)).toBe(
      '/devices/d-1?packages_page=2#threads',
    );
    expect(returnPath('/?tab=technical&alerts_status=OPEN', ORIGIN)).toBe('/?tab=technical&alerts_status=OPEN');
  });

  it.each([
    ['nothing', undefined],
    ['an object without a path', { search: '?x=1' }],
    ['a number', 42],
    ['an absolute URL', 'https://evil.example/login'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['a protocol-relative location', { pathname: '//evil.example', search: '' }],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a path without a leading slash', 'evil.example'],
    ['the sign-in page itself', '/login'],
  ])('goes to / for %s', (_, from) => {
    expect(returnPath(from, ORIGIN)).toBe(HOME_PATH);
  });

  it('keeps an encoded slash in the app, and refuses dot segments that resolve to //host', () => {
    expect(returnPath('/%2F%2Fevil.example', ORIGIN)).toBe('/%2F%2Fevil.example');
    expect(returnPath('/a/../..//evil.example', ORIGIN)).toBe(HOME_PATH);
    expect(returnPath('/devices/../agents?tab=agents', ORIGIN)).toBe('/agents?tab=agents');
  });
});
