import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { currentLocation, fakeAuth, renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { LoginPage } from './LoginPage';

/** `from`: what ProtectedRoute's redirect left in the history state. */
function renderLogin(auth = fakeAuth({ isAuthenticated: false }), from?: unknown) {
  return renderWithAuth(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>home page</p>} />
      <Route path="/devices/:uid" element={<p>device page</p>} />
    </Routes>,
    { path: from === undefined ? '/login' : { pathname: '/login', state: { from } }, auth },
  );
}

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('has the fields of the spec', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('rejects an empty or malformed email and a short password without calling login', async () => {
    const { auth } = renderLogin();
    await fill('', '');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    await fill('ana@example', '12345');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('shows the login failure message', async () => {
    const auth = fakeAuth({
      isAuthenticated: false,
      login: jest.fn(async () => ({ success: false, error: 'Invalid email or password' })),
    });
    renderLogin(auth);
    await fill('ana@example.com', 'wrong-password');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/login');
  });

  it('signs in with remember me and goes to /', async () => {
    const auth = fakeAuth({ isAuthenticated: false });
    renderLogin(auth);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fill('ana@example.com', 'secret1');
    expect(auth.login).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'secret1', remember: true });
    await waitFor(() => expect(currentLocation().pathname).toBe('/'));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('returns to the page the visitor asked for before signing in, with its query', async () => {
    const auth = fakeAuth({ isAuthenticated: false });
    renderLogin(auth, { pathname: '/devices/d-1', search: '?packages_sort=-epss&packages_page=2', hash: '' });
    await fill('ana@example.com', 'secret1');
    await waitFor(() => expect(currentLocation().pathname).toBe('/devices/d-1'));
    expect(currentLocation().search).toBe('?packages_sort=-epss&packages_page=2');
    expect(screen.getByText('device page')).toBeInTheDocument();
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a protocol-relative URL', { pathname: '//evil.example/steal', search: '' }],
    ['a backslash path', '/\\evil.example'],
  ])('goes to / after signing in, not to %s in from', async (_, from) => {
    renderLogin(fakeAuth({ isAuthenticated: false }), from);
    await fill('ana@example.com', 'secret1');
    await waitFor(() => expect(currentLocation().pathname).toBe('/'));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('sends an already signed-in visitor on to the page asked for', () => {
    renderLogin(fakeAuth({ isAuthenticated: true }), { pathname: '/devices/d-2', search: '' });
    expect(currentLocation().pathname).toBe('/devices/d-2');
  });

  it('names the browser tab', () => {
    renderLogin();
    expect(document.title).toBe('Sign in · Security Console');
  });

  it('sends an authenticated visitor to /', () => {
    renderLogin(fakeAuth({ isAuthenticated: true }));
    expect(currentLocation().pathname).toBe('/');
  });

  it('opens the reset dialog, requires the email and makes no request', async () => {
    const open = jest.spyOn(XMLHttpRequest.prototype, 'open');
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy;
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(screen.getByRole('textbox', { name: /Email address/ })).toBeRequired();
    await userEvent.type(screen.getByRole('textbox', { name: /Email address/ }), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
