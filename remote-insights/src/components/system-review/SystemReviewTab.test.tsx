import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { AUDIT } from '../../testing/auditFixture';
import { mockHttp, renderRoute, REPORTS } from '../../testing/renderRoute';
import { report } from '../../testing/reports';
import { currentLocation } from '@console/shared/src/testing/renderWithAuth';

// The real chart needs a browser layout engine; the test reads what the tab hands it.
jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => undefined,
  ApexChart: ({ label, series, options }: { label: string; series: number[]; options: { labels: string[] } }) => (
    <div
      data-testid="chart"
      aria-label={label}
      data-series={JSON.stringify(series)}
      data-labels={JSON.stringify(options.labels)}
    />
  ),
}));

const R1 = `${REPORTS}r-1/`;
const RULES = `${R1}rules/`;

function chart(title: string) {
  const el = within(screen.getByRole('region', { name: title })).getByTestId('chart');
  const labels: string[] = JSON.parse(el.getAttribute('data-labels')!);
  const series: number[] = JSON.parse(el.getAttribute('data-series')!);
  return Object.fromEntries(labels.map((label, i) => [label, series[i]]));
}

const tableRows = () =>
  within(screen.getByRole('table', { name: 'Compliance Rules' }))
    .getAllByRole('row')
    .slice(1);
const ruleIds = () => tableRows().map((row) => row.querySelector('.MuiTypography-caption')?.textContent);

/** Replaces the search text in one input event (typing letter by letter is slow on a loaded machine). */
async function search(text: string) {
  await userEvent.clear(screen.getByLabelText('Search'));
  await userEvent.click(screen.getByLabelText('Search'));
  await userEvent.paste(text);
}

async function choose(label: string | RegExp, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('System Review tab', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockHttp();
    api.onGet(R1).reply(200, report());
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  async function open(reply: [number, unknown] = [200, AUDIT]) {
    api.onGet(RULES).reply(...reply);
    renderRoute('/insights/r-1');
    await userEvent.click(await screen.findByRole('tab', { name: 'System Review' }));
  }

  it('shows both pies, the profile scores with their colours and every rule', async () => {
    await open();
    expect(await screen.findByRole('table', { name: 'Compliance Rules' })).toBeInTheDocument();
    expect(chart('Rule Status')).toEqual({ Passed: 5, Failed: 4, Skipped: 2 });
    expect(chart('Severity')).toEqual({ Critical: 3, High: 3, Medium: 1, Low: 2 });

    const panel = screen.getByRole('region', { name: 'Profile Compliance' });
    expect(within(panel).getByText('CIS-L1')).toBeInTheDocument();
    expect(within(panel).getByText('47/80 (58.8%)')).toBeInTheDocument();
    expect(within(panel).getByText('31/40 (77.5%)')).toBeInTheDocument();
    expect(within(panel).getByText('45/50 (90.0%)')).toBeInTheDocument();
    const bar = (name: string) => within(panel).getByRole('progressbar', { name: `${name} compliance` });
    expect(bar('CIS-L1')).toHaveAttribute('data-level', 'red');
    expect(bar('CIS-L1')).toHaveAttribute('aria-valuenow', '58.8');
    expect(bar('CIS-L2')).toHaveAttribute('data-level', 'amber');
    expect(bar('IOT')).toHaveAttribute('data-level', 'green');
    expect(bar('CIS-L1').querySelector('[data-testid="score-bar"]')).toHaveStyle({ backgroundColor: '#d32f2f' });
    expect(bar('CIS-L2').querySelector('[data-testid="score-bar"]')).toHaveStyle({ backgroundColor: '#ffbf00' });
    expect(bar('IOT').querySelector('[data-testid="score-bar"]')).toHaveStyle({ backgroundColor: '#2e7d32' });

    expect(tableRows()).toHaveLength(11);
    const first = tableRows()[0]!;
    expect(first).toHaveTextContent('Ensure security updates are installed');
    expect(first).toHaveTextContent('updates-security-pending');
    expect(within(first).getByText('Critical').closest('[data-severity]')).toHaveAttribute('data-severity', 'critical');
    expect(within(first).getByText('FAIL')).toBeInTheDocument();
    expect(first).toHaveTextContent('12 security updates pending (openssl, libssl3, curl)');
    // FAIL first, then SKIPPED, then PASS; the most severe first within each (result order on ties).
    expect(ruleIds()).toEqual([
      'updates-security-pending',
      'firewall-active',
      'ssh-password-auth',
      'fs-tmp-noexec',
      'auditd-enabled',
      'selinux-enforcing',
      'accounts-empty-passwords',
      'telnet-absent',
      'ssh-permit-root-login',
      'kernel-aslr',
      'core-dumps-restricted',
    ]);
    expect(screen.getByTestId('rule-status-counts')).toHaveTextContent('FAIL: 4 · SKIPPED: 2 · PASS: 5');
    // Spec §9: the table scrolls above 600px.
    expect(screen.getByTestId('rules-table-container')).toHaveStyle({ maxHeight: '600px' });
  });

  it('offers All Profiles and each profile in upper case with its description', async () => {
    await open();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Filter by Profile' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'All Profiles',
      'CIS-L1CIS Linux Benchmark Level 1: essential hardening',
      'CIS-L2CIS Linux Benchmark Level 2: defence in depth',
      'IOTETSI EN 303 645 baseline for connected devices',
    ]);
  });

  it('narrows the charts, the scores and the table to the chosen profile', async () => {
    await open();
    await screen.findByRole('table', { name: 'Compliance Rules' });
    await choose('Filter by Profile', /^IOT/);
    expect(chart('Rule Status')).toEqual({ Passed: 3, Failed: 3 });
    expect(chart('Severity')).toEqual({ Critical: 3, High: 2, Medium: 1 });
    const panel = screen.getByRole('region', { name: 'Profile Compliance' });
    expect(within(panel).getByText('IOT')).toBeInTheDocument();
    expect(within(panel).queryByText('CIS-L1')).not.toBeInTheDocument();
    expect(ruleIds()).toEqual([
      'updates-security-pending',
      'firewall-active',
      'ssh-password-auth',
      'accounts-empty-passwords',
      'telnet-absent',
      'ssh-permit-root-login',
    ]);
    expect(screen.getByTestId('rule-status-counts')).toHaveTextContent('FAIL: 3 · SKIPPED: 0 · PASS: 3');
    await choose('Filter by Profile', 'All Profiles');
    expect(tableRows()).toHaveLength(11);
  });

  it('filters the table by severity, status and search, and says when nothing matches', async () => {
    await open();
    await screen.findByRole('table', { name: 'Compliance Rules' });
    await choose('Severity', 'Critical');
    expect(ruleIds()).toEqual(['updates-security-pending', 'accounts-empty-passwords', 'telnet-absent']);
    await choose('Status', 'FAIL (4)');
    expect(ruleIds()).toEqual(['updates-security-pending']);
    // The charts follow the profile, not the table filters.
    expect(chart('Rule Status')).toEqual({ Passed: 5, Failed: 4, Skipped: 2 });
    await choose('Severity', 'All');
    await choose('Status', 'SKIPPED (2)');
    expect(ruleIds()).toEqual(['auditd-enabled', 'selinux-enforcing']);
    await choose('Status', 'All');

    await search('sshd_config');
    await waitFor(() => expect(ruleIds()).toEqual(['ssh-password-auth']));
    await search('ASLR');
    await waitFor(() => expect(ruleIds()).toEqual(['kernel-aslr']));
    await search('telnet-absent');
    await waitFor(() => expect(ruleIds()).toEqual(['telnet-absent']));
    await choose('Severity', 'Low');
    expect(tableRows()).toHaveLength(1);
    expect(tableRows()[0]).toHaveTextContent('No rules match the current filters.');
    await choose('Severity', 'Medium');
    expect(screen.getByText('No rules match the current filters.')).toBeInTheDocument();
  });

  it('keeps the profile and the table filters in the URL: a link or a reload shows the same rules', async () => {
    api.onGet(RULES).reply(200, AUDIT);
    renderRoute('/insights/r-1?tab=system-review&review_profile=iot&rules_severity=critical&rules_status=FAIL');
    expect(await screen.findByRole('table', { name: 'Compliance Rules' })).toBeInTheDocument();
    expect(ruleIds()).toEqual(['updates-security-pending']);
    expect(screen.getByRole('combobox', { name: 'Filter by Profile' })).toHaveTextContent('IOT');
    expect(chart('Rule Status')).toEqual({ Passed: 3, Failed: 3 });
    await search('nothing like it');
    await waitFor(() => expect(screen.getByText('No rules match the current filters.')).toBeInTheDocument());
    expect(new URLSearchParams(currentLocation().search).get('rules_search')).toBe('nothing like it');
    await choose('Status', 'All');
    expect(currentLocation().search).toBe(
      '?tab=system-review&review_profile=iot&rules_severity=critical&rules_search=nothing+like+it',
    );
  });

  it('exports the rules shown as CSV: the chosen profile and table filters go to the API', async () => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    const exported: string[] = [];
    api.onGet(new RegExp(`^${RULES}export\\.csv`)).reply((config) => {
      exported.push(config.url!);
      return [200, new Blob(['id\r\n'])];
    });
    api.onGet(RULES).reply(200, AUDIT);
    renderRoute('/insights/r-1?tab=system-review&review_profile=iot&rules_status=FAIL');
    await screen.findByRole('table', { name: 'Compliance Rules' });
    await search('ssh');
    await waitFor(() => expect(ruleIds()).toEqual(['ssh-password-auth']));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of compliance rules' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]).toBe(`${RULES}export.csv?profile=iot&status=FAIL&search=ssh`);
  });

  it('shows everything for filter values it does not offer', async () => {
    api.onGet(RULES).reply(200, AUDIT);
    renderRoute('/insights/r-1?tab=system-review&review_profile=nope&rules_severity=%3Cb%3E&rules_status=0');
    expect(await screen.findByRole('table', { name: 'Compliance Rules' })).toBeInTheDocument();
    expect(tableRows()).toHaveLength(11);
    expect(screen.getByRole('combobox', { name: 'Filter by Profile' })).toHaveTextContent('All Profiles');
  });

  it('opens the rule dialog with everything about the rule', async () => {
    await open();
    await userEvent.click(await screen.findByText('Ensure SSH root login is disabled'));
    const dialog = await screen.findByRole('dialog', { name: 'Ensure SSH root login is disabled' });
    expect(within(dialog).getByText('High')).toBeInTheDocument();
    expect(within(dialog).getByText('ssh-permit-root-login')).toBeInTheDocument();
    expect(within(dialog).getByText('1.2.0')).toBeInTheDocument();
    expect(within(dialog).getByText(/Remote root logins bypass/)).toBeInTheDocument();
    expect(within(dialog).getByText('file')).toBeInTheDocument();
    expect(within(dialog).getByText('regex')).toBeInTheDocument();
    const check = within(dialog).getByRole('region', { name: 'Check Details' });
    expect(within(check).getByText('/etc/ssh/sshd_config')).toBeInTheDocument();
    expect(within(check).getByText('^\\s*PermitRootLogin\\s+no\\b')).toBeInTheDocument();
    const profiles = within(dialog).getByRole('region', { name: 'Profiles' });
    expect(within(profiles).getByText('CIS-L1')).toBeInTheDocument();
    expect(within(profiles).getByText('IOT')).toBeInTheDocument();

    const nist = within(dialog).getByText('NIST SP 800-53');
    await userEvent.hover(nist);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Controls: AC-6(2), AC-17');

    const os = within(dialog).getByRole('table', { name: 'Supported Operating Systems' });
    const osRows = within(os)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(osRows).toEqual(['Operating SystemVersions', 'debian11, 12', 'ubuntu20.04, 22.04, 24.04', 'rhel8, 9']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "No audit data available." when the API has no audit (404)', async () => {
    await open([404, { detail: 'No audit data available.' }]);
    expect(await screen.findByText('No audit data available.')).toBeInTheDocument();
    expect(screen.queryByText('Error loading audit results.')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Compliance Rules' })).not.toBeInTheDocument();
  });

  it('says "Error loading audit results." on any other failure', async () => {
    await open([403, { detail: 'CSRF token missing or incorrect.' }]);
    expect(await screen.findByText('Error loading audit results.')).toBeInTheDocument();
    expect(screen.queryByText('No audit data available.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the empty texts of the charts when the profile has no rules', async () => {
    const audit = {
      ...AUDIT,
      rules: {
        ...AUDIT.rules,
        globals: { profiles: { ...AUDIT.rules.globals.profiles, spare: { description: 'No rules yet' } } },
      },
    };
    await open([200, audit]);
    await screen.findByRole('table', { name: 'Compliance Rules' });
    await choose('Filter by Profile', /^SPARE/);
    expect(screen.getByText('No rules in this profile.')).toBeInTheDocument();
    expect(screen.getByText('No evaluated rules in this profile.')).toBeInTheDocument();
    expect(screen.getByText('No profile scores in this audit.')).toBeInTheDocument();
    expect(screen.getByText('No rules match the current filters.')).toBeInTheDocument();
  });
});
