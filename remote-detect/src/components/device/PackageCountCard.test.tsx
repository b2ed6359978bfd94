import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { T } from '../../testing/renderRoute';
import { PACKAGE_COUNT_ERROR, PackageCountCard } from './PackageCountCard';

const COUNT = `${T}/devices/d-1/packages/count/`;

describe('PackageCountCard', () => {
  const page = setupPageTest({ quiet: true });

  it('says the counts could not be loaded, with Retry that asks again', async () => {
    page.api.onGet(COUNT).replyOnce(404, { detail: 'Not found.' });
    renderRoutes(<PackageCountCard uid="d-1" />);
    expect(await screen.findByText(PACKAGE_COUNT_ERROR)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'CVEs' })).not.toBeInTheDocument();
    expect(page.logged).toHaveBeenCalledWith('Loading the package count failed', expect.anything());

    page.api.onGet(COUNT).reply(200, { count: 42, cve_count: 7, high_risk_cve_count: 2, kev_count: 1, kev_loaded: true });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'CVEs' })).toHaveTextContent('7');
    expect(screen.queryByText(PACKAGE_COUNT_ERROR)).not.toBeInTheDocument();
  });

  it('says its CVE figures count package–CVE pairs, beside the labels', async () => {
    page.api.onGet(COUNT).reply(200, { count: 42, cve_count: 7, high_risk_cve_count: 2, kev_count: 1, kev_loaded: true });
    renderRoutes(<PackageCountCard uid="d-1" />);
    const cves = await screen.findByRole('group', { name: 'CVEs' });
    expect(cves).toHaveTextContent(/^CVEs7package–CVE pairs$/);
    expect(screen.getByRole('group', { name: 'High-risk CVEs' })).toHaveTextContent(
      /^High-risk CVEs2package–CVE pairs, CVSS above 7\.5$/,
    );
  });
});
