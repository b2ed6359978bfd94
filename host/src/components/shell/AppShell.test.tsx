import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { currentLocation, fakeAuth, renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { COLOR_MODE_STORAGE_KEY } from '@console/shared';
import { AppShell } from './AppShell';
import { isNavItemActive } from './navItems';

const ENTRIES = ['Dashboards', 'Agents', 'Reports', 'Theat Landscape', 'API Keys', 'Settings', 'Logout'];

function renderShell(path = '/') {
  return renderWithAuth(
    <Routes>
      <Route path="*" element={<AppShell />} />
    </Routes>,
    { path },
  );
}

const entry = (label: string) => screen.getByRole('link', { name: label });

describe('AppShell drawer', () => {
  it('starts collapsed with icons only, opens from the menu button and closes with the chevron', async () => {
    renderShell();
    const drawer = screen.getByTestId('nav-drawer');
    expect(drawer).toHaveAttribute('data-open', 'false');
    expect(screen.queryByText('Dashboards')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'close drawer' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'open drawer' }));
    expect(drawer).toHaveAttribute('data-open', 'true');
    ENTRIES.forEach((label) => expect(screen.getByText(label)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'open drawer' })).not.toBeInTheDocument();
    expect(screen.getByTestId('top-bar')).toHaveStyle({ marginLeft: '240px', width: 'calc(100% - 240px)' });
    expect(drawer.querySelector('.MuiDrawer-paper')).toHaveStyle({ width: '240px' });

    await userEvent.click(screen.getByRole('button', { name: 'close drawer' }));
    expect(drawer).toHaveAttribute('data-open', 'false');
    expect(screen.queryByText('Dashboards')).not.toBeInTheDocument();
  });

  it('shows the top bar in #eeeeee with the logo at 140x30', () => {
    renderShell();
    expect(screen.getByTestId('top-bar')).toHaveStyle({ backgroundColor: '#eeeeee' });
    const logo = screen.getByRole('img', { name: 'Security Console' });
    expect(logo).toHaveAttribute('width', '140');
    expect(logo).toHaveAttribute('height', '30');
  });

  it("shows the tenant's name and the signed-in email in the top bar, never the tenant uid", () => {
    renderShell();
    const bar = within(screen.getByTestId('top-bar'));
    expect(bar.getByText('Tenant One')).toBeInTheDocument();
    expect(bar.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('top-bar')).not.toHaveTextContent('t-1');
  });

  it('shows the email alone for a tenant without a name, and what users typed as text', () => {
    renderWithAuth(
      <Routes>
        <Route path="*" element={<AppShell />} />
      </Routes>,
      {
        auth: fakeAuth({
          profile: { user_email: '<b>eve</b>@example.com', user_uid: 'u-2', tenant_uid: 't-secret', tenant_name: ' ' },
        }),
      },
    );
    const bar = screen.getByTestId('signed-in-as');
    expect(bar).toHaveTextContent(/^<b>eve<\/b>@example\.com$/);
    expect(bar.querySelector('b')).toBeNull();
    expect(screen.getByTestId('top-bar')).not.toHaveTextContent('t-secret');
  });

  it('lists the entries in order, in three groups split by dividers', () => {
    renderShell();
    const drawer = screen.getByTestId('nav-drawer');
    const names = within(drawer)
      .getAllByRole('link')
      .map((el) => el.getAttribute('aria-label'));
    expect(names).toEqual(ENTRIES.slice(0, 6));
    const lists = drawer.querySelectorAll('ul');
    expect([...lists].map((ul) => within(ul as HTMLElement).getAllByRole('listitem').length)).toEqual([2, 1, 4]);
    const paper = drawer.querySelector('.MuiDrawer-paper') as HTMLElement;
    const layout = [...paper.children].slice(2).map((el) => el.tagName.toLowerCase());
    expect(layout).toEqual(['ul', 'hr', 'ul', 'hr', 'ul']);
    expect(within(lists[2] as HTMLElement).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(entry('Reports')).toHaveAttribute('href', '/insights/');
    expect(entry('Theat Landscape')).toHaveAttribute('href', '/threat-landscape');
  });

  it('is the navigation landmark that holds every entry', () => {
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toBe(screen.getByTestId('nav-drawer').querySelector('.MuiDrawer-paper'));
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it.each([
    ['Dashboards', 'DETECT - Dashboards'],
    ['Agents', 'DETECT - Agents'],
    ['Reports', 'INSIGHTS - Reports'],
    ['Theat Landscape', 'Threat Landscape'],
  ])('shows the tooltip of %s', async (label, tooltip) => {
    renderShell('/settings');
    await userEvent.hover(entry(label));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(tooltip);
  });

  it.each(['API Keys', 'Settings'])('shows no tooltip on %s', async (label) => {
    renderShell('/settings');
    await userEvent.hover(entry(label));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('highlights the active entry in #5a00ff and the others in black', () => {
    renderShell('/agents/abc');
    expect(entry('Agents')).toHaveAttribute('aria-current', 'page');
    expect(entry('Agents')).toHaveStyle({ color: '#5a00ff' });
    expect(entry('Dashboards')).not.toHaveAttribute('aria-current');
    expect(entry('Dashboards')).toHaveStyle({ color: 'rgb(0, 0, 0)' });
  });

  it('keeps the spec colours for light mode only: dark mode draws a dark bar and a light violet for the active entry', () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    renderShell('/agents/abc');
    expect(screen.getByTestId('top-bar')).toHaveStyle({ backgroundColor: '#1e1e1e', color: '#ffffff' });
    expect(entry('Agents')).toHaveStyle({ color: '#b388ff' });
    expect(entry('Dashboards')).toHaveStyle({ color: '#ffffff' });
    window.localStorage.clear();
  });

  it('logs out and goes to /login', async () => {
    const { auth } = renderShell('/agents');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalled();
    // The drawer navigates once logout() has settled, a microtask or more after the click.
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
  });
});

describe('isNavItemActive', () => {
  it('activates the root only on exactly /', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/agents')).toBe(false);
  });
  it('activates the other entries by prefix', () => {
    expect(isNavItemActive('/agents', '/agents')).toBe(true);
    expect(isNavItemActive('/agents', '/agents/x')).toBe(true);
    expect(isNavItemActive('/settings', '/agents')).toBe(false);
  });
  it('activates Reports on /insights, /insights/ and /insights/uid', () => {
    expect(isNavItemActive('/insights/', '/insights')).toBe(true);
    expect(isNavItemActive('/insights/', '/insights/')).toBe(true);
    expect(isNavItemActive('/insights/', '/insights/r-1')).toBe(true);
    expect(isNavItemActive('/insights/', '/insightsx')).toBe(false);
  });
});
