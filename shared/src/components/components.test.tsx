import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, renderWithAuth } from '../testing/renderWithAuth';
import { ClientPagination } from './ClientPagination';
import { CommandBlock } from './CommandBlock';
import { ConfirmDialog } from './ConfirmDialog';
import { COPIED_FEEDBACK_MS, COPY_FAILED, CopyButton } from './CopyButton';
import { ErrorState } from './ErrorState';
import { ErrorTableRow } from './ErrorTableRow';
import { FieldList } from './FieldList';
import { LoadingState } from './LoadingState';
import { PlaceholderPage } from './PlaceholderPage';
import { SortableTableHead } from './SortableTableHead';
import { VisuallyHidden } from './VisuallyHidden';
import { TableHeader } from './TableHeader';
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

  it('ErrorTableRow shows the error with Retry as the only row of a table', async () => {
    const onRetry = jest.fn();
    render(
      <table>
        <tbody>
          <ErrorTableRow colSpan={4} message="Could not load packages" onRetry={onRetry} />
        </tbody>
      </table>,
    );
    const cell = screen.getByRole('cell');
    expect(cell).toHaveAttribute('colspan', '4');
    expect(within(cell).getByRole('alert')).toHaveTextContent('Could not load packages');
    await userEvent.click(within(cell).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('ConfirmDialog shows why the last confirm failed', () => {
    render(
      <ConfirmDialog
        open
        title="Delete token"
        message="Are you sure?"
        error="Deleting the token failed: token is in use"
        onConfirm={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Deleting the token failed: token is in use');
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
    const { unmount } = renderWithAuth(<TenantCaption />, {
      auth: fakeAuth({
        profile: { user_email: 'bo@example.com', user_uid: 'u-42', tenant_uid: 't-42', tenant_name: 'Tenant 42' },
      }),
    });
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-42');
    unmount();
    renderWithAuth(<TenantCaption />, { auth: fakeAuth({ profile: null, loading: true }) });
    expect(screen.getByTestId('tenant-uid')).toBeEmptyDOMElement();
  });

  describe('CopyButton and CommandBlock', () => {
    const writeText = jest.fn();
    beforeEach(() => {
      writeText.mockReset();
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    });
    afterEach(() => jest.useRealTimers());

    it('lets the keyboard reach a command that scrolls sideways, named by its label', async () => {
      render(<CommandBlock label="Install" command={`curl ${'x'.repeat(400)}`} />);
      const block = screen.getByRole('group', { name: 'Install' });
      await userEvent.tab();
      expect(block).toHaveFocus();
    });

    it('copies its text and says Copied for a moment', async () => {
      jest.useFakeTimers();
      writeText.mockResolvedValue(undefined);
      render(<CopyButton text="sh console-agent enroll" ariaLabel="Copy: enrol" />);
      const button = screen.getByRole('button', { name: 'Copy: enrol' });
      expect(button).toHaveTextContent('Copy');
      await act(async () => fireEvent.click(button));
      expect(writeText).toHaveBeenCalledWith('sh console-agent enroll');
      expect(button).toHaveTextContent('Copied');
      act(() => jest.advanceTimersByTime(COPIED_FEEDBACK_MS));
      expect(button).toHaveTextContent('Copy');
      expect(button).not.toHaveTextContent('Copied');
    });

    it('says the copy failed, never Copied, when the clipboard refuses', async () => {
      writeText.mockRejectedValue(new Error('denied'));
      const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      render(<CopyButton text="secret" label="Copy key" />);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy key' })));
      expect(writeText).toHaveBeenCalledWith('secret');
      expect(screen.getByRole('button', { name: COPY_FAILED })).toBeInTheDocument();
      expect(screen.queryByText('Copied')).not.toBeInTheDocument();
      consoleError.mockRestore();
    });

    it('CommandBlock shows the command under its label, and its button copies it', async () => {
      writeText.mockResolvedValue(undefined);
      render(<CommandBlock label="Install" command="curl -fsSL https://console.example/install | sh" />);
      expect(screen.getByRole('heading', { name: 'Install' })).toBeInTheDocument();
      expect(screen.getByLabelText('Install')).toHaveTextContent('curl -fsSL https://console.example/install | sh');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
      expect(writeText).toHaveBeenCalledWith('curl -fsSL https://console.example/install | sh');
    });

    it('CommandBlock names its copy button after the label when asked, for pages with several commands', () => {
      render(
        <>
          <CommandBlock label="Upload command" command="curl -F sbom=@bom.json" labelledCopy />
          <CommandBlock label="Scan" command="sh console-scan" labelledCopy />
        </>,
      );
      expect(screen.getByRole('button', { name: 'Copy: Upload command' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy: Scan' })).toBeInTheDocument();
    });
  });

  it('FieldList pairs each label with its value, keeping line breaks only when asked', () => {
    const fields = [
      { label: 'Hostname', value: 'web-01' },
      { label: 'Description', value: 'line one\nline two' },
    ];
    const { rerender } = render(<FieldList fields={fields} />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Hostname', 'Description']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['web-01', 'line one\nline two']);
    expect(screen.getAllByRole('definition')[1]).not.toHaveStyle({ whiteSpace: 'pre-wrap' });
    rerender(<FieldList fields={fields} preWrap />);
    expect(screen.getAllByRole('definition')[1]).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it('ClientPagination offers the page sizes it is given and reports page and size changes', async () => {
    const setPage = jest.fn();
    const setRowsPerPage = jest.fn();
    render(
      <ClientPagination
        count={12}
        page={0}
        rowsPerPage={10}
        pageSizes={[5, 10, 25, 50]}
        setPage={setPage}
        setRowsPerPage={setRowsPerPage}
      />,
    );
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(setPage).toHaveBeenCalledWith(1);
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '25', '50']);
    await userEvent.click(within(listbox).getByRole('option', { name: '25' }));
    expect(setRowsPerPage).toHaveBeenCalledWith(25);
  });

  it('SortableTableHead marks the sorted column and reports clicks on the sortable ones', async () => {
    const onSort = jest.fn();
    const columns = [
      { label: 'Name', sortField: 'name' },
      { label: 'Version' },
      { id: 'cves', label: 'CVEs', sortField: 'cve_count', align: 'right' as const },
    ];
    render(
      <table>
        <SortableTableHead columns={columns} orderBy="cve_count" direction="desc" onSort={onSort} />
      </table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([null, null, 'descending']);
    expect(within(headers[1]).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(headers[0]).getByRole('button', { name: 'Name' }));
    await userEvent.click(within(headers[2]).getByRole('button', { name: /CVEs/ }));
    expect(onSort.mock.calls).toEqual([['name'], ['cve_count']]);
  });

  it('SortableTableHead says what a column counts in its description and tooltip, keeping the label as its name', async () => {
    const columns = [
      { label: 'CVEs', sortField: 'cve_count', description: 'package–CVE pairs' },
      { label: 'Hosts', description: 'distinct hosts' },
    ];
    render(
      <table>
        <SortableTableHead columns={columns} orderBy="cve_count" direction="desc" onSort={jest.fn()} />
      </table>,
    );
    const sortButton = screen.getByRole('button', { name: 'CVEs' });
    expect(sortButton).toHaveAccessibleDescription('package–CVE pairs');
    expect(screen.getByText('Hosts')).toHaveAccessibleDescription('distinct hosts');
    await userEvent.hover(sortButton);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('package–CVE pairs');
  });

  it('TableHeader names a column of buttons for screen readers without showing the name', () => {
    render(
      <table>
        <TableHeader columns={['Name', { label: <VisuallyHidden>Actions</VisuallyHidden> }]} />
      </table>,
    );
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    const text = within(actions).getByText('Actions');
    expect(text).toHaveStyle({ width: '1px', height: '1px', overflow: 'hidden' });
    expect(text).not.toHaveStyle({ position: 'absolute' });
  });

  it('TableHeader shows each label as a column header, aligned as asked, with no sort control', () => {
    render(
      <table>
        <TableHeader columns={['Name', { label: 'Records', align: 'right' }, '']} />
      </table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Records', '']);
    expect(headers[1]).toHaveClass('MuiTableCell-alignRight');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
