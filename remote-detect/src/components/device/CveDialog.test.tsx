import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CVE_DESCRIPTION_ERROR, CveDialog } from './CveDialog';

describe('CveDialog', () => {
  const page = setupPageTest({ quiet: true });

  it('says the description could not be loaded, with Retry, rather than stay blank', async () => {
    page.api.onGet('/v1/cves/c-1/description/').replyOnce(404, { detail: 'Not found.' });
    renderRoutes(<CveDialog cve={{ cve_uid: 'c-1', cve_id: 'CVE-2024-0001' }} onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'CVE-2024-0001' });
    expect(await within(dialog).findByText(CVE_DESCRIPTION_ERROR)).toBeInTheDocument();

    page.api.onGet('/v1/cves/c-1/description/').reply(200, { cve_id: 'CVE-2024-0001', description: 'Buffer overflow in X.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Buffer overflow in X.')).toBeInTheDocument();
    expect(within(dialog).queryByText(CVE_DESCRIPTION_ERROR)).not.toBeInTheDocument();
  });
});
