import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, renderWithAuth } from '../testing/renderWithAuth';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorState } from './ErrorState';
import { LoadingState } from './LoadingState';
import { PlaceholderPage } from './PlaceholderPage';
import { TenantCaption } from './TenantCaption';

describe('shared UI', () => {
  it('ConfirmDialog calls back on confirm and cancel', async () => {
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    render(
      <ConfirmDialog
        open
        title="Delete token"
        message="Are you sure you want to delete this token?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('Are you sure you want to delete this token?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ErrorState shows the message and an optional Retry', async () => {
    const onRetry = jest.fn();
    const { rerender } = render(<ErrorState message="Error loading reports." />);
    expect(screen.getByText('Error loading reports.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    rerender(<ErrorState message="Error loading reports." onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('LoadingState shows a spinner and text', () => {
    render(<LoadingState text="Loading reports…" />);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByText('Loading reports…')).toBeInTheDocument();
  });

  it('PlaceholderPage shows its title, tabs and the tenant', () => {
    render(<PlaceholderPage title="Dashboards" tabs={['Strategic Overview', 'Technical Overview']} tenantUid="t-9" />);
    expect(screen.getByRole('heading', { name: 'Dashboards' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Technical Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-9');
  });

  it('TenantCaption shows the signed-in tenant, and nothing before the profile arrives', () => {
    const { unmount } = renderWithAuth(<TenantCaption />, { auth: fakeAuth({ profile: { user_email: 'bo@example.com', tenant_uid: 't-42' } }) });
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-42');
    unmount();
    renderWithAuth(<TenantCaption />, { auth: fakeAuth({ profile: null, loading: true }) });
    expect(screen.getByTestId('tenant-uid')).toBeEmptyDOMElement();
  });
});
