import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderWithAuth } from '../testing/renderWithAuth';
import { PageBreadcrumbs } from './PageBreadcrumbs';

describe('PageBreadcrumbs', () => {
  it('links every crumb but the last, which is the page itself, as text', async () => {
    const name = '<img src=x onerror=alert(1)> reverse shell';
    renderWithAuth(
      <PageBreadcrumbs
        crumbs={[{ label: 'Dashboards', to: '/' }, { label: 'Alerts', to: '/?tab=technical' }, { label: name }]}
      />,
      { path: '/alerts/a-1' },
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Dashboards', '/'],
      ['Alerts', '/?tab=technical'],
    ]);
    expect(within(nav).getByText(name)).toHaveAttribute('aria-current', 'page');
    expect(nav.querySelector('img')).toBeNull();
    await userEvent.click(within(nav).getByRole('link', { name: 'Alerts' }));
    expect(currentLocation()).toMatchObject({ pathname: '/', search: '?tab=technical' });
  });
});
