import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../testing/renderRoute';

const agent = (device_type: string) => ({ uid: 'ag-1', device_type, architecture: 'armv7', version: '2.0.0' });

describe('AgentDetailPage', () => {
  const page = setupPageTest();

  it('shows the overview, the download link and a copyable Linux install command', async () => {
    page.api.onGet('/v1/agents/ag-1').reply(200, agent('linux'));
    const writeText = jest.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute('/agents/ag-1');
    expect(await screen.findByText('armv7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download agent' })).toHaveAttribute('href', '/api/v1/agents/ag-1/download');
    const command = `curl -fsSL -H "X-API-Key: <YOUR_API_KEY>" ${window.location.origin}/api/v1/agents/linux/install | sudo PROVISION_TOKEN=<TOKEN> sh`;
    expect(screen.getByLabelText('Install')).toHaveTextContent(command);
    await user.click(screen.getAllByRole('button', { name: 'Copy' })[0]);
    expect(writeText).toHaveBeenCalledWith(command);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('describes the RTOS install with the download link', async () => {
    page.api.onGet('/v1/agents/ag-1').reply(200, agent('rtos'));
    renderRoute('/agents/ag-1');
    expect(await screen.findByRole('heading', { name: 'Install on an RTOS device' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/api/v1/agents/ag-1/download' })).toHaveAttribute(
      'href',
      '/api/v1/agents/ag-1/download',
    );
    expect(screen.queryByLabelText('Install')).not.toBeInTheDocument();
  });

  it('names the agent build in the tab title and the breadcrumb, which leads back to the Agents tab', async () => {
    page.api.onGet('/v1/agents/ag-1').reply(200, agent('linux'));
    renderRoute('/agents/ag-1');
    await screen.findByText('armv7');
    expect(document.title).toBe('Linux armv7 2.0.0 · Agents · Security Console');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Agents' })).toHaveAttribute('href', '/agents?tab=agents');
    expect(within(crumbs).getByText('Linux armv7 2.0.0')).toHaveAttribute('aria-current', 'page');
  });

  it('says "Error loading agent details." when the agent fails to load', async () => {
    page.api.onGet('/v1/agents/ag-1').reply(404, { detail: 'Not found.' });
    renderRoute('/agents/ag-1');
    await waitFor(() => expect(screen.getByText('Error loading agent details.')).toBeInTheDocument());
  });
});
