import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('says when the profile could not be loaded, with Retry re-checking, instead of a page waiting forever', async () => {
    const auth = fakeAuth({ profile: null, profileError: 'Request failed with status code 503' });
    renderAt('/agents', auth);
    expect(screen.getByText('Could not load your profile: Request failed with status code 503')).toBeInTheDocument();
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(auth.checkAuth).toHaveBeenCalled();
  });

  it('shows the page to an authenticated user', () => {
    renderAt('/agents');
    expect(screen.getByText('secret page')).toBeInTheDocument();
  });
});
