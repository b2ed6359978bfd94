// Test helpers for the host and the remotes (jest only; not exported from the package index).
import { AuthContext, type AuthContextValue } from '../auth/AuthContext';
import { ColorModeProvider } from '../theme/ColorModeProvider';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType, type Location } from 'react-router-dom';

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    isAuthenticated: true,
    loading: false,
    profileError: null,
    profile: { user_email: 'ana@example.com', user_uid: 'u-1', tenant_uid: 't-1', tenant_name: 'Tenant One' },
    login: jest.fn(async () => ({ success: true })),
    logout: jest.fn(async () => ({ success: true })),
    checkAuth: jest.fn(async () => ({ success: true })),
    ...overrides,
  };
}

/** Records where the router is, for assertions on navigation. */
export const locationLog: Location[] = [];
export const navigationTypes: string[] = [];
function LocationSpy() {
  locationLog.push(useLocation());
  navigationTypes.push(useNavigationType());
  return null;
}

/** Inside the console's theme provider, as in the app. `path` may carry history state too (`{ pathname: '/login', state: { from } }`), as a redirect leaves it. */
export function renderWithAuth(
  ui: ReactNode,
  { path = '/', auth = fakeAuth() }: { path?: string | Partial<Location>; auth?: AuthContextValue } = {},
) {
  locationLog.length = 0;
  navigationTypes.length = 0;
  return {
    auth,
    ...render(
      <MemoryRouter initialEntries={[path]}>
        <AuthContext.Provider value={auth}>
          <ColorModeProvider>
            <LocationSpy />
            {ui}
          </ColorModeProvider>
        </AuthContext.Provider>
      </MemoryRouter>,
    ),
  };
}

export function currentLocation(): Location {
  return locationLog[locationLog.length - 1];
}

export function lastNavigationType(): string {
  return navigationTypes[navigationTypes.length - 1];
}

export { Route, Routes };
