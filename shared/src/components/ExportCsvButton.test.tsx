import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockHttp } from '../testing/renderRoute';
import { ExportCsvButton } from './ExportCsvButton';

describe('ExportCsvButton', () => {
  it('downloads the path under the name the API gives; a failure says what failed, with Retry', async () => {
    const api = mockHttp();
    let fail = true;
    api
      .onGet('/v1/things/export.csv?ordering=name')
      .reply(() =>
        fail
          ? [500, { detail: 'boom' }]
          : [200, new Blob(['a\r\n']), { 'content-disposition': 'attachment; filename="things-1.csv"' }],
      );
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:things'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<ExportCsvButton what="things" path="/v1/things/export.csv?ordering=name" />);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of things' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not export things.');
    expect(click).not.toHaveBeenCalled();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('things-1.csv');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    click.mockRestore();
    logged.mockRestore();
    api.restore();
  });

  it('waits for its path (the tenant) before it can be used', () => {
    render(<ExportCsvButton what="things" path={null} />);
    expect(screen.getByRole('button', { name: 'Export CSV of things' })).toBeDisabled();
  });
});
