import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NameDialog } from './NameDialog';

const props = { title: 'New API key', submitLabel: 'Create', onSubmit: jest.fn(), onClose: jest.fn() };

describe('NameDialog', () => {
  it('starts empty on each opening, and submits the trimmed name', async () => {
    const onSubmit = jest.fn();
    const { rerender } = render(<NameDialog {...props} open onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), '  Agents ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith('Agents');

    rerender(<NameDialog {...props} open={false} onSubmit={onSubmit} />);
    rerender(<NameDialog {...props} open onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('shows why the last submit failed, in the dialog', () => {
    render(<NameDialog {...props} open error="Creating the API key failed: name must not be empty" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Creating the API key failed: name must not be empty');
  });
});
