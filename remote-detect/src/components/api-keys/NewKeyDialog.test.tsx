import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KEY_COPIED_QUESTION, NewKeyDialog } from './NewKeyDialog';

const created = { uid: 'n', name: 'Agents', prefix: 'pk_n', revoked: false, created: '2026-11-01T10:00:00Z', key: 'pk_n.s3cret' };

describe('NewKeyDialog', () => {
  it('ignores Escape and a backdrop click: the key stays on screen', async () => {
    const onClose = jest.fn();
    render(<NewKeyDialog created={created} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'API Key Created' });
    await userEvent.keyboard('{Escape}');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root')!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'API Key Created' })).toBeInTheDocument();
    expect(screen.getByLabelText('New API key')).toHaveTextContent('pk_n.s3cret');
  });

  it('asks "Have you copied the key?" before closing; going back keeps the key', async () => {
    const onClose = jest.fn();
    render(<NewKeyDialog created={created} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByText(new RegExp(KEY_COPIED_QUESTION.replace('?', '\\?')))).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the key' }));
    expect(within(dialog).queryByText(/Have you copied the key/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('New API key')).toHaveTextContent('pk_n.s3cret');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
