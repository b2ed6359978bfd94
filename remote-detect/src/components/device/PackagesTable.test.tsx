import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { T } from '../../testing/renderRoute';
import { PACKAGES_ERROR, PackagesTable } from './PackagesTable';

const PACKAGES = new RegExp(`^${T}/devices/d-1/packages/\\?`);
const openssl = { name: 'openssl', version: '3.0.1', cve_id: 'CVE-2024-0001', cve_uid: 'c-1', score: 9.8 };

describe('PackagesTable', () => {
  const page = setupPageTest({ quiet: true });

  it('says the packages could not be loaded, with Retry, never "No packages." or "0–0 of 0"', async () => {
    // A 4xx: SWR does not retry it on its own, so only Retry asks again.
    page.api.onGet(PACKAGES).replyOnce(404, { detail: 'Not found.' });
    renderRoutes(<PackagesTable uid="d-1" />);
    const table = await screen.findByRole('table', { name: 'System Packages' });
    expect(await within(table).findByText(PACKAGES_ERROR)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('No packages.')).not.toBeInTheDocument();
    expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();
    // The failure still goes to the console, as before.
    expect(page.logged).toHaveBeenCalledWith('Loading the packages failed', expect.anything());

    // Retry asks again and shows what the server now answers.
    page.api.onGet(PACKAGES).reply(200, { count: 1, results: [openssl] });
    const calls = page.api.history.get.length;
    await userEvent.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('openssl')).toBeInTheDocument();
    expect(page.api.history.get.length).toBeGreaterThan(calls);
    expect(screen.queryByText(PACKAGES_ERROR)).not.toBeInTheDocument();
    expect(screen.getByText(/1–1 of 1/)).toBeInTheDocument();
  });

  it('keeps the spec\'s "No packages." for a device that has none', async () => {
    page.api.onGet(PACKAGES).reply(200, { count: 0, results: [] });
    renderRoutes(<PackagesTable uid="d-1" />);
    expect(await screen.findByText('No packages.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error instead of the rows when a later page fails', async () => {
    page.api.onGet(PACKAGES).replyOnce(200, {
      count: 11,
      results: Array.from({ length: 10 }, (_, i) => ({ ...openssl, cve_uid: `c-${i}` })),
    });
    page.api.onGet(PACKAGES).reply(500, { detail: 'boom' });
    renderRoutes(<PackagesTable uid="d-1" />);
    await screen.findAllByText('openssl');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText(PACKAGES_ERROR)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('openssl')).not.toBeInTheDocument());
    expect(screen.queryByText('No packages.')).not.toBeInTheDocument();
  });
});
