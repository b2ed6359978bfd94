import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { currentLocation, lastNavigationType } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, T } from '../testing/renderRoute';

const token = (uid: string, name: string, enabled = true) => ({
  uid,
  name,
  enabled,
  created_by: 'ana@example.com',
  created_at: '2026-11-01T10:00:00Z',
  token: `tok-${uid}`,
});

describe('AgentsPage', () => {
  const page = setupPageTest({ quiet: true });

  it('lists tokens with Active / Inactive and the tenant caption', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [token('a', 'Lab', true), token('b', 'Old', false)] });
    renderRoute('/agents');
    expect(await screen.findByRole('heading', { name: 'Agents', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
    const lab = (await screen.findByText('Lab')).closest('tr')!;
    expect(within(lab).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByText('Old').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
  });

  it('puts a created token at the top of the list', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [token('a', 'Lab')] });
    page.api.onPost(`${T}/provision-tokens/`).reply(201, token('n', 'Factory'));
    renderRoute('/agents');
    await screen.findByText('Lab');
    await userEvent.click(screen.getByRole('button', { name: 'Create Token' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Factory');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(page.api.history.post[0].data as string)).toEqual({ name: 'Factory' });
    const rows = within(screen.getByRole('table', { name: 'Provision Tokens' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Factory');
    expect(rows[1]).toHaveTextContent('Lab');
  });

  it('edits a token from its row: name and Active / Inactive', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [token('a', 'Lab', true)] });
    page.api.onPatch(`${T}/provision-tokens/a/`).reply(200, { ...token('a', 'Lab 2', false) });
    renderRoute('/agents');
    await userEvent.click(await screen.findByText('Lab'));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Lab 2');
    await userEvent.click(within(dialog).getByRole('switch'));
    expect(within(dialog).getByText('Inactive')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(page.api.history.patch[0].data as string)).toEqual({ name: 'Lab 2', enabled: false });
    expect(within(screen.getByText('Lab 2').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
  });

  it('shows the reason of a failed save in the edit dialog, which stays open', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [token('a', 'Lab', true)] });
    page.api.onPatch(`${T}/provision-tokens/a/`).reply(400, { detail: 'name must not be empty' });
    renderRoute('/agents');
    await userEvent.click(await screen.findByText('Lab'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Saving the token failed: name must not be empty');
    expect(page.logged).toHaveBeenCalled();
  });

  it("shows the server's reason when creating a token fails", async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [] });
    page.api.onPost(`${T}/provision-tokens/`).reply(400, { detail: 'name must not be empty' });
    renderRoute('/agents');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Token' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Creating the token failed: name must not be empty');
  });

  it('asks before deleting a token, then removes it', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [token('a', 'Lab'), token('b', 'Old')] });
    page.api.onDelete(`${T}/provision-tokens/b/`).reply(204);
    renderRoute('/agents');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this token?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Old')).not.toBeInTheDocument());
    expect(page.api.history.delete).toHaveLength(1);
    expect(screen.getByText('Lab')).toBeInTheDocument();
  });

  it('does not delete on Cancel', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [token('a', 'Lab')] });
    renderRoute('/agents');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Lab' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(page.api.history.delete).toHaveLength(0);
  });

  it('says "Error loading data." when the tokens fail to load', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(403, { detail: 'Forbidden' });
    renderRoute('/agents');
    expect(await screen.findByText('Error loading data.')).toBeInTheDocument();
  });

  it('lists agents and opens /agents/{uid} from a row', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [] });
    page.api
      .onGet('/v1/agents/')
      .reply(200, { results: [{ uid: 'ag-1', device_type: 'linux', architecture: 'x86_64', version: '1.2.0' }] });
    page.api.onGet('/v1/agents/ag-1').reply(200, { uid: 'ag-1', device_type: 'linux', architecture: 'x86_64', version: '1.2.0' });
    renderRoute('/agents');
    await userEvent.click(screen.getByRole('tab', { name: 'Agents' }));
    await userEvent.click(await screen.findByText('x86_64'));
    expect(currentLocation().pathname).toBe('/agents/ag-1');
  });

  it('says "Error loading data." when the agents fail to load', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [] });
    page.api.onGet('/v1/agents/').reply(404, { detail: 'Not found.' });
    renderRoute('/agents');
    await userEvent.click(screen.getByRole('tab', { name: 'Agents' }));
    expect(await screen.findByText('Error loading data.')).toBeInTheDocument();
  });

  it('opens the tab the URL names, and each tab change is a history entry', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [token('a', 'Lab')] });
    page.api
      .onGet('/v1/agents/')
      .reply(200, { results: [{ uid: 'ag-1', device_type: 'linux', architecture: 'x86_64', version: '1' }] });
    renderRoute('/agents?tab=agents');
    expect(screen.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('x86_64')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Provision Tokens' }));
    expect(currentLocation().search).toBe('');
    expect(lastNavigationType()).toBe('PUSH');
    expect(await screen.findByText('Lab')).toBeInTheDocument();
  });

  it('keeps the page of tokens in the URL, and shows the first page after creating one on top', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, {
      results: Array.from({ length: 12 }, (_, i) => token(`t${i}`, `Token ${i}`)),
    });
    page.api.onPost(`${T}/provision-tokens/`).reply(201, token('n', 'Factory'));
    renderRoute('/agents?tokens_page=2');
    expect(await screen.findByText('Token 11')).toBeInTheDocument();
    expect(screen.queryByText('Token 0')).not.toBeInTheDocument();
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Token' }));
    await userEvent.type(within(await screen.findByRole('dialog')).getByLabelText('Name'), 'Factory');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLocation().search).toBe('');
    expect(await screen.findByText('1–10 of 13')).toBeInTheDocument();
  });

  it('shows the last page for a page past the end', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [token('a', 'Lab')] });
    renderRoute('/agents?tokens_page=7');
    expect(await screen.findByText('Lab')).toBeInTheDocument();
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
  });

  it('offers page sizes 5, 10, 25 and 50 with 10 by default', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, {
      results: Array.from({ length: 12 }, (_, i) => token(`t${i}`, `Token ${i}`)),
    });
    renderRoute('/agents');
    await screen.findByText('Token 0');
    expect(screen.queryByText('Token 10')).not.toBeInTheDocument();
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', '50']);
  });
});
