import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { currentLocation, fakeAuth, lastNavigationType, renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { ProtectedRoute } from './ProtectedRoute';

function renderAt(path: string, auth = fakeAuth()) {
  return renderWithAuth(
    <Routes>
      <Route path="/login" element={<p>login page</p>} />
      <Route
        path="*"
        element={
          <ProtectedRoute>
            <p>secret page</p>
          </ProtectedRoute>
        }
      />
    </Routes>,
    { path, auth },
  );
}

describe('ProtectedRoute', () => {
  it('shows Loading... while the check runs', () => {
    renderAt('/agents', fakeAuth({ isAuthenticated: false, loading: true }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
  });

  it('redirects an anonymous user to /login by replace, passing the location as from', () => {
    renderAt('/agents/a-1?x=1', fakeAuth({ isAuthenticated: false, loading: false, profile: null }));
    expect(screen.getByText('login page')).toBeInTheDocument();
    const location = currentLocation();
    expect(location.pathname).toBe('/login');
    expect(location.state).toMatchObject({ from: { pathname: '/agents/a-1', search: '?x=1' } });
    expect(lastNavigationType()).toBe('REPLACE');
  });

  it('shows the page to an authenticated user', () => {
    renderAt('/agents');
    expect(screen.getByText('secret page')).toBeInTheDocument();
  });
});
