import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KEY_SHOWN_ONCE } from '../components/api-keys/NewKeyDialog';
import { renderRoute, T } from '../testing/renderRoute';

const key = (uid: string, name: string, revoked = false) => ({
  uid,
  name,
  prefix: `pk_${uid}`,
  revoked,
  created: '2026-11-01T10:00:00Z',
});

describe('ApiKeysPage', () => {
  const page = setupPageTest({ quiet: true });

  it('lists keys with enabled = not revoked, under the heading and tenant caption', async () => {
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [key('a', 'CI', false), key('b', 'Old', true)] });
    renderRoute('/api-keys');
    expect(await screen.findByRole('heading', { name: 'API Keys', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
    expect(await screen.findByRole('switch', { name: 'Enable CI' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enable Old' })).not.toBeChecked();
    expect(screen.getByText('pk_a')).toBeInTheDocument();
  });

  it('shows a new key once, with a copy button and the warning', async () => {
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [key('a', 'CI')] });
    page.api.onPost(`${T}/api-keys/`).reply(201, { ...key('n', 'Agents'), key: 'pk_n.s3cret' });
    const writeText = jest.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute('/api-keys');
    await screen.findByText('CI');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    await user.type(within(await screen.findByRole('dialog')).getByLabelText('Name'), 'Agents');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(within(shown).getByLabelText('New API key')).toHaveTextContent('pk_n.s3cret');
    expect(within(shown).getByText(KEY_SHOWN_ONCE)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('pk_n.s3cret');
    expect(JSON.parse(page.api.history.post[0].data as string)).toEqual({ name: 'Agents' });

    // Done asks first; only "Yes, close" drops the key.
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(within(shown).getByText(/Have you copied the key\?/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Yes, close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('pk_n.s3cret')).not.toBeInTheDocument();
    // The new key is listed (without its secret) on top.
    const rows = within(screen.getByRole('table', { name: 'API Keys' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Agents');
  });

  it('disables a key by PATCHing revoked', async () => {
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [key('a', 'CI', false)] });
    page.api.onPatch(`${T}/api-keys/a/`).reply(200, key('a', 'CI', true));
    renderRoute('/api-keys');
    await userEvent.click(await screen.findByRole('switch', { name: 'Enable CI' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable CI' })).not.toBeChecked());
    expect(JSON.parse(page.api.history.patch[0].data as string)).toEqual({ revoked: true });
  });

  it('asks before deleting a key, then removes it', async () => {
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [key('a', 'CI'), key('b', 'Old')] });
    page.api.onDelete(`${T}/api-keys/b/`).reply(204);
    renderRoute('/api-keys');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this API key?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Old')).not.toBeInTheDocument());
    expect(page.api.history.delete).toHaveLength(1);
  });

  it('shows the reason of a failed save beside the list and of a failed delete in its dialog', async () => {
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [key('a', 'CI')] });
    page.api.onPatch(`${T}/api-keys/a/`).reply(500, { detail: 'database unavailable' });
    page.api.onDelete(`${T}/api-keys/a/`).reply(500, { detail: 'key is in use' });
    renderRoute('/api-keys');
    await userEvent.click(await screen.findByRole('switch', { name: 'Enable CI' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saving the API key failed: database unavailable');
    // The switch shows what the server kept.
    expect(screen.getByRole('switch', { name: 'Enable CI' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Delete CI' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The dialog stays open with the reason; the key stays listed.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deleting the API key failed: key is in use');
    expect(page.logged).toHaveBeenCalledTimes(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('CI')).toBeInTheDocument();
  });

  it("shows the server's 400 detail in the create dialog for an empty name", async () => {
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [] });
    page.api.onPost(`${T}/api-keys/`).reply(400, { detail: 'name must not be empty' });
    renderRoute('/api-keys');
    await screen.findByText('No API keys yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Creating the API key failed: name must not be empty');
    expect(JSON.parse(page.api.history.post[0].data as string)).toEqual({ name: '' });

    // Closing and opening again starts without the old reason.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(within(await screen.findByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('retries a failed list', async () => {
    page.api.onGet(`${T}/api-keys/`).replyOnce(404, { detail: 'Not found.' });
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [key('a', 'CI')] });
    renderRoute('/api-keys');
    expect(await screen.findByText('Error loading data.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('CI')).toBeInTheDocument();
  });
});
