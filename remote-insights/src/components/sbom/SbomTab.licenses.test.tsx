import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { LICENSE_POLICY, licensePolicy, mockHttp, renderRoute, REPORTS } from '../../testing/renderRoute';
import { report } from '../../testing/reports';
import { loadSbom, SBOM_FILES } from '../../testing/sbomFixtures';
import { POLICY_ERROR } from './LicenseSummaryCard';

// The Licenses card and the tenant's denied licenses, with our own portal-composer file: MIT on
// framework, http-client and crc32 (twice), "(MIT OR Apache-2.0)" on base64, the name "Acme Public
// License" on logger and cache, no license on queue.

jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => undefined,
  ApexChart: ({ label }: { label: string }) => <div data-testid="chart" aria-label={label} />,
}));

const R1 = `${REPORTS}r-1/`;
const card = () => screen.getByRole('region', { name: 'Licenses' });
const componentRow = (name: string) =>
  within(screen.getByRole('table', { name: 'Components' }))
    .getAllByRole('row')
    .find((row) => row.querySelector('td')?.textContent === name)!;

describe('SBOM tab: licenses and the denied-license policy', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockHttp();
    api.onGet(R1).reply(200, report());
    api.onGet(`${R1}sbom`).reply(200, loadSbom(SBOM_FILES.portal));
    api.onGet(`${R1}sbom/analyses/`).reply(200, { results: [] });
    api.onGet(`${R1}sbom/feed/`).reply(500);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  const open = async () => {
    renderRoute('/insights/r-1?tab=sbom');
    await screen.findByRole('region', { name: 'Licenses' });
  };

  it('counts components per license (ids, expressions, names) and those stating none', async () => {
    api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
    await open();
    const rows = within(within(card()).getByRole('table', { name: 'License counts' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['MIT', '3'],
      ['Acme Public License (name, not an SPDX id)', '2'],
      ['(MIT OR Apache-2.0) (SPDX expression)', '1'],
    ]);
    expect(within(card()).getByTestId('license-unknown-count')).toHaveTextContent('1');
    expect(await within(card()).findByText(/no licenses denied yet/)).toBeInTheDocument();
    expect(within(card()).getByTestId('license-denied-count')).toHaveTextContent('0');
    expect(within(screen.getByRole('table', { name: 'Components' })).queryByText(/^Denied: /)).not.toBeInTheDocument();
  });

  it('flags components with a denied license, in an expression too, and counts them', async () => {
    api.onGet(LICENSE_POLICY).reply(200, licensePolicy(['mit']));
    await open();
    await waitFor(() => expect(within(card()).getByTestId('license-denied-count')).toHaveTextContent('4'));
    expect(within(componentRow('framework')).getByText('Denied: MIT')).toBeInTheDocument();
    expect(within(componentRow('base64')).getByText('Denied: MIT (in expression)')).toBeInTheDocument();
    expect(within(componentRow('logger')).queryByText(/^Denied/)).not.toBeInTheDocument();
    // The component's dialog shows it too.
    await userEvent.click(within(componentRow('base64')).getAllByRole('cell')[0]!);
    const dialog = await screen.findByRole('dialog', { name: /base64/ });
    expect(within(dialog).getByText('Denied: MIT (in expression)')).toBeInTheDocument();
  });

  it('edits the denied list: saves it, flags at once, and shows the API refusal as it says it', async () => {
    api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
    const puts: unknown[] = [];
    api.onPut(LICENSE_POLICY).reply((config) => {
      const body = JSON.parse(config.data as string) as { denied: string[] };
      puts.push(body);
      if (body.denied.includes('LicenseRef-refused')) return [400, { detail: 'Invalid request body.' }];
      return [200, licensePolicy(body.denied)];
    });
    await open();
    await userEvent.click(within(card()).getByRole('button', { name: 'Denied Licenses…' }));
    let dialog = screen.getByRole('dialog', { name: 'Denied Licenses' });
    const box = within(dialog).getByLabelText('SPDX license ids');
    // Named before anything is sent, as text (never markup).
    await userEvent.type(box, 'MIT <b>x</b>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Not an SPDX license id: "<b>x</b>" (letters, digits, ".", "-" and "+", at most 100 characters).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('x', { selector: 'b' })).not.toBeInTheDocument();
    expect(puts).toEqual([]);
    // What the API refuses is shown as it says it.
    await userEvent.clear(box);
    await userEvent.type(box, 'LicenseRef-refused');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid request body.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(card()).getByRole('button', { name: 'Denied Licenses…' }));
    dialog = screen.getByRole('dialog', { name: 'Denied Licenses' });
    await userEvent.type(within(dialog).getByLabelText('SPDX license ids'), 'Apache-2.0,{enter}GPL-3.0-only');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts.at(-1)).toEqual({ denied: ['Apache-2.0', 'GPL-3.0-only'] });
    expect(within(card()).getByTestId('license-denied-count')).toHaveTextContent('1');
    expect(within(componentRow('base64')).getByText('Denied: Apache-2.0 (in expression)')).toBeInTheDocument();
  });

  it('says the components are not checked when the policy fails to load, with a Retry', async () => {
    api
      .onGet(LICENSE_POLICY)
      .replyOnce(500)
      .onGet(LICENSE_POLICY)
      .reply(200, licensePolicy(['MIT']));
    await open();
    const alert = await within(card()).findByText(POLICY_ERROR);
    expect(within(card()).queryByTestId('license-denied-count')).not.toBeInTheDocument();
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(card()).getByTestId('license-denied-count')).toHaveTextContent('4'));
  });
});
