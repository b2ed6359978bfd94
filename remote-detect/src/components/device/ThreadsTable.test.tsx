import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { screen, within } from '@testing-library/react';
import { T } from '../../testing/renderRoute';
import { ThreadsTable } from './ThreadsTable';

describe('ThreadsTable', () => {
  const page = setupPageTest();

  it('shows each thread with its average CPU use as a percentage', async () => {
    page.api.onGet(`${T}/devices/d-1/threads/`).reply(200, {
      results: [
        { thread_name: 'idle', avg_cpu_usage: 71.54 },
        { thread_name: 'net', avg_cpu_usage: 3 },
      ],
    });
    renderRoutes(<ThreadsTable uid="d-1" />);
    const table = await screen.findByRole('table', { name: 'RTOS Threads' });
    const rows = await within(table).findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['idle71.5%', 'net3%']);
  });
});
