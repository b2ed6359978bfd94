// The device page's vulnerability prioritisation and coverage (docs/vuln-feed-api.md).
import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, T } from '../testing/renderRoute';

const device = {
  uid: 'd-1',
  hostname: 'web-01',
  device_type: 'linux',
  platform_name: 'Debian',
  platform_version: '12',
  kernel_arch: 'x86_64',
  kernel_version: '6.1.0',
  risk_score: 'High',
  created_at: '2026-01-02T10:00:00Z',
  last_connected: '2026-11-20T08:00:00Z',
  user_accounts: [],
  network_interfaces: [],
  kev_count: 1,
  demo: false,
  coverage: [{ ecosystem: 'Debian:12', packages: 3, advisories: 52_000, demo_advisories: 0 }],
  unmatched_packages: 0,
};
const kev = {
  date_added: '2024-01-10',
  due_date: '2024-01-31',
  known_ransomware: true,
  vendor_project: 'OpenSSL',
  product: 'OpenSSL',
  vulnerability_name: 'OpenSSL Buffer Overflow',
  required_action: 'Apply mitigations per vendor instructions.',
};
const packages = {
  count: 3,
  results: [
    {
      name: 'openssl',
      version: '3.0.1',
      cve_id: 'CVE-2024-0001',
      cve_uid: 'c-1',
      score: 9.8,
      source: 'osv',
      kev,
      epss: 0.12345,
      epss_percentile: 0.951,
    },
    {
      name: 'zlib',
      version: '1.2',
      cve_id: 'CVE-2024-0002',
      cve_uid: 'c-2',
      score: 5.5,
      source: 'demo',
      kev: null,
      epss: null,
      epss_percentile: null,
    },
    {
      name: 'bash',
      version: '5.2',
      cve_id: null,
      cve_uid: null,
      score: null,
      source: null,
      kev: null,
      epss: null,
      epss_percentile: null,
    },
  ],
};
const description = {
  cve_id: 'CVE-2024-0001',
  description: 'Buffer overflow in X.',
  aliases: ['DSA-5474-1', 'GHSA-aaaa-bbbb-cccc'],
  demo: false,
  kev,
  epss: 0.9731,
  epss_percentile: 0.9988,
  links: [
    { label: 'OSV DSA-5474-1', url: 'https://osv.dev/vulnerability/DSA-5474-1' },
    { label: 'NVD', url: 'https://nvd.nist.gov/vuln/detail/CVE-2024-0001' },
    { label: 'Evil', url: 'javascript:alert(document.cookie)' },
  ],
};

describe('DeviceDetailPage: known exploited, EPSS, demo data and coverage', () => {
  const page = setupPageTest({ quiet: true });

  function replyAll(over: Partial<typeof device> = {}, counts: object = {}) {
    page.api.onGet(`${T}/devices/d-1/`).reply(200, { ...device, ...over });
    page.api.onGet(new RegExp(`^${T}/devices/d-1/packages/\\?`)).reply(200, packages);
    page.api
      .onGet(`${T}/devices/d-1/packages/count/`)
      .reply(200, { count: 3, cve_count: 2, high_risk_cve_count: 1, kev_count: 1, ...counts });
    page.api.onGet('/v1/cves/c-1/description/').reply(200, description);
    page.api.onGet(new RegExp(`^${T}/alerts/\\?`)).reply(200, { count: 0, results: [] });
  }
  const packagesUrls = () => page.api.history.get.map((r) => r.url!).filter((u) => u.startsWith(`${T}/devices/d-1/packages/?`));
  const row = async (name: string) =>
    (await within(await screen.findByRole('table', { name: 'System Packages' })).findByText(name)).closest('tr')!;

  it('marks KEV findings with a badge (due date and ransomware use on hover) and shows EPSS as a percentage', async () => {
    replyAll();
    renderRoute('/devices/d-1');
    const table = await screen.findByRole('table', { name: 'System Packages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Package', 'Version', 'CVE', 'Score', 'Risk', 'KEV', 'EPSS']);
    const openssl = await row('openssl');
    const badge = within(openssl).getByText('KEV · ransomware');
    await userEvent.hover(badge);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Due 2024-01-31');
    expect(tooltip).toHaveTextContent('Known ransomware use');
    await userEvent.unhover(badge);
    await userEvent.hover(within(openssl).getByText('12.3%'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Percentile 95.1');
    // The spec's score and risk stay as they were.
    expect(within(openssl).getByText('9.8')).toBeInTheDocument();
    expect(within(openssl).getByText('High')).toBeInTheDocument();
    const zlib = await row('zlib');
    expect(within(zlib).queryByText(/KEV/)).not.toBeInTheDocument();
    expect(within(zlib).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    expect(within(screen.getByRole('group', { name: 'Known exploited' })).getByText('1')).toBeInTheDocument();
  });

  it('says the KEV catalogue is not loaded instead of 0 known exploited', async () => {
    replyAll({}, { cve_count: 0, high_risk_cve_count: 0, kev_count: 0, kev_loaded: false, epss_loaded: false });
    renderRoute('/devices/d-1');
    const kev = await screen.findByRole('group', { name: 'Known exploited' });
    expect(await within(kev).findByText("CISA's KEV catalogue is not loaded")).toBeInTheDocument();
    expect(within(kev).queryByText('0')).not.toBeInTheDocument();
  });

  it('sorts by KEV and by EPSS through the API, most urgent first on the first click', async () => {
    replyAll();
    renderRoute('/devices/d-1');
    await row('openssl');
    await userEvent.click(screen.getByRole('button', { name: 'KEV' }));
    await waitFor(() => expect(packagesUrls()).toContain(`${T}/devices/d-1/packages/?limit=10&offset=0&ordering=-kev`));
    await userEvent.click(screen.getByRole('button', { name: 'KEV' }));
    await waitFor(() => expect(packagesUrls()).toContain(`${T}/devices/d-1/packages/?limit=10&offset=0&ordering=kev`));
    await userEvent.click(screen.getByRole('button', { name: 'EPSS' }));
    await waitFor(() => expect(packagesUrls()).toContain(`${T}/devices/d-1/packages/?limit=10&offset=0&ordering=-epss`));
  });

  it('labels demo findings "Demo data" and explains a demo device', async () => {
    replyAll({ demo: true, coverage: [{ ecosystem: 'Debian:12', packages: 3, advisories: 0, demo_advisories: 40 }] });
    renderRoute('/devices/d-1');
    expect(within(await row('zlib')).getByText('Demo data')).toBeInTheDocument();
    expect(within(await row('openssl')).queryByText('Demo data')).not.toBeInTheDocument();
    expect(
      screen.getByText('Simulated demo device: its findings come from the demo catalogue, not from real advisories.'),
    ).toBeInTheDocument();
    // The demo catalogue covers Debian:12 for a demo device: no gap.
    expect(screen.queryByText(/No advisories loaded/)).not.toBeInTheDocument();
  });

  it('warns about an ecosystem without advisories and unchecked packages, and the counts say incomplete', async () => {
    replyAll({
      coverage: [
        { ecosystem: 'Alpine:v3.18', packages: 2, advisories: 900, demo_advisories: 0 },
        { ecosystem: 'Debian:12', packages: 3, advisories: 0, demo_advisories: 40 },
      ],
      unmatched_packages: 7,
    });
    renderRoute('/devices/d-1');
    const section = await screen.findByRole('region', { name: 'System Packages' });
    const warnings = within(section)
      .getAllByRole('alert')
      .map((a) => a.textContent);
    expect(warnings).toEqual([
      'No advisories loaded for Debian:12 — findings are incomplete',
      '7 packages are not checked: no vulnerability feed covers this platform',
    ]);
    expect(within(screen.getByRole('group', { name: 'CVEs' })).getByText(/incomplete/)).toBeInTheDocument();
    // A Low (or any) risk resting on incomplete findings says so beside the chip.
    expect(screen.getByText('based on incomplete findings (see System Packages)')).toBeInTheDocument();
    expect(
      screen.queryByText('Simulated demo device: its findings come from the demo catalogue, not from real advisories.'),
    ).not.toBeInTheDocument();
  });

  it('shows no coverage warning when every ecosystem is covered', async () => {
    replyAll();
    renderRoute('/devices/d-1');
    await row('openssl');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'CVEs' })).queryByText(/incomplete/)).not.toBeInTheDocument();
    expect(screen.queryByText('based on incomplete findings (see System Packages)')).not.toBeInTheDocument();
  });

  it('opens the CVE dialog with KEV details, EPSS, aliases and safe advisory links', async () => {
    replyAll();
    renderRoute('/devices/d-1');
    await userEvent.click(await screen.findByRole('button', { name: 'CVE-2024-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'CVE-2024-0001' });
    expect(await within(dialog).findByText('Buffer overflow in X.')).toBeInTheDocument();
    const field = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(field('KEV date added')).toHaveTextContent('2024-01-10');
    expect(field('KEV due date')).toHaveTextContent('2024-01-31');
    expect(field('Required action')).toHaveTextContent('Apply mitigations per vendor instructions.');
    expect(field('Known ransomware use')).toHaveTextContent('Known');
    expect(field('EPSS')).toHaveTextContent('97.3% (percentile 99.9)');
    expect(field('Aliases')).toHaveTextContent('DSA-5474-1, GHSA-aaaa-bbbb-cccc');
    const nvd = within(dialog).getByRole('link', { name: 'NVD' });
    expect(nvd).toHaveAttribute('href', 'https://nvd.nist.gov/vuln/detail/CVE-2024-0001');
    expect(nvd).toHaveAttribute('target', '_blank');
    expect(nvd).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByRole('link', { name: 'OSV DSA-5474-1' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByText('Evil').closest('a')).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect(within(dialog).queryByText('Demo data')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Demo data" in the CVE dialog of a demo-only description', async () => {
    replyAll();
    page.api.onGet('/v1/cves/c-2/description/').reply(200, {
      cve_id: 'CVE-2024-0002',
      description: 'Demo text.',
      aliases: [],
      demo: true,
      kev: null,
      epss: null,
      epss_percentile: null,
      links: [],
    });
    renderRoute('/devices/d-1');
    await userEvent.click(await screen.findByRole('button', { name: 'CVE-2024-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'CVE-2024-0002' });
    expect(await within(dialog).findByText('Demo data')).toBeInTheDocument();
    expect(within(dialog).getByText("Not in CISA's KEV catalogue")).toBeInTheDocument();
    expect(within(dialog).getByText('No EPSS score')).toBeInTheDocument();
  });
});
