import { formatDateTime } from '@console/shared';
import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, T } from '../../testing/renderRoute';

const event = (kind: string, name: string, action: string, at: string, detail = '', label = 'ana@example.com') => ({
  at,
  credential_kind: kind,
  credential_uid: `${name}-uid`,
  credential_name: name,
  action,
  detail,
  actor: { kind: 'user', uid: 'u-1', label },
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('History of API keys and provision tokens', () => {
  const page = setupPageTest({ quiet: true });

  it('API keys: who created, disabled and deleted which key, newest first; a change made since shows on reopening', async () => {
    const trail = [event('api-key', 'CI', 'created', '2026-11-01T10:00:00Z')];
    page.api.onGet(`${T}/api-keys/`).reply(200, {
      results: [{ uid: 'a', name: 'CI', prefix: 'pk_a', revoked: false, created: '2026-11-01T10:00:00Z' }],
    });
    page.api
      .onGet(`${T}/api-keys/history/?limit=50&offset=0`)
      .reply(() => [200, { count: trail.length, results: [...trail].reverse() }]);
    page.api.onPatch(`${T}/api-keys/a/`).reply(() => {
      trail.push(event('api-key', 'CI', 'disabled', '2026-11-02T11:00:00Z', '', 'bob@example.com'));
      return [200, { uid: 'a', name: 'CI', prefix: 'pk_a', revoked: true, created: '2026-11-01T10:00:00Z' }];
    });
    renderRoute('/api-keys');
    await screen.findByRole('switch', { name: 'Enable CI' });

    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of API keys' });
    await within(dialog).findByText('created');
    expect(rowsOf(within(dialog).getByRole('table'))).toEqual([
      [formatDateTime('2026-11-01T10:00:00Z'), 'ana@example.com', 'CI', 'created', '—'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'History of API keys' }));

    await userEvent.click(screen.getByRole('switch', { name: 'Enable CI' }));
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const reopened = await screen.findByRole('dialog', { name: 'History of API keys' });
    expect(await within(reopened).findByText('disabled')).toBeInTheDocument();
    expect(rowsOf(within(reopened).getByRole('table'))[0]).toEqual([
      formatDateTime('2026-11-02T11:00:00Z'),
      'bob@example.com',
      'CI',
      'disabled',
      '—',
    ]);
  });

  it('provision tokens: a deleted one and a rename stay in the trail; a failed load says so, with Retry', async () => {
    let fail = true;
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [] });
    page.api.onGet(`${T}/provision-tokens/history/?limit=50&offset=0`).reply(() =>
      fail
        ? [500, { detail: 'boom' }]
        : [
            200,
            {
              count: 2,
              results: [
                event('provision-token', 'Lab 2', 'deleted', '2026-11-03T09:00:00Z'),
                event('provision-token', 'Lab 2', 'renamed', '2026-11-02T09:00:00Z', '"Lab" → "Lab 2"'),
              ],
            },
          ],
    );
    renderRoute('/agents');
    await screen.findByText('No provision tokens yet.');
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of provision tokens' });
    expect(await within(dialog).findByText('Could not load the history of provision tokens')).toBeInTheDocument();
    expect(within(dialog).queryByText('Nothing recorded yet.')).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByText('deleted');
    expect(rowsOf(within(dialog).getByRole('table')).map((row) => row.slice(2))).toEqual([
      ['Lab 2', 'deleted', '—'],
      ['Lab 2', 'renamed', '"Lab" → "Lab 2"'],
    ]);
  });

  it('exports the tokens and the keys as CSV', async () => {
    page.api.onGet(`${T}/provision-tokens/`).reply(200, { results: [] });
    page.api.onGet(`${T}/provision-tokens/export.csv`).reply(200, new Blob(['uid\r\n']));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute('/agents');
    await screen.findByText('No provision tokens yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of provision tokens' }));
    await screen.findByRole('button', { name: 'Export CSV of provision tokens' });
    expect(page.api.history.get.map((r) => r.url)).toContain(`${T}/provision-tokens/export.csv`);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('provision-tokens.csv');
    click.mockRestore();
  });
});
