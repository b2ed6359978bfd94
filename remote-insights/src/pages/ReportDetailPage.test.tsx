import { formatDateTime } from '@console/shared';
import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { currentLocation, lastNavigationType } from '@console/shared/src/testing/renderWithAuth';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESCAN_POLL_MS, UPLOAD_POLL_MS } from '../api/report';
import { uploadCommand } from '../components/report/UploadRequired';
import { loadSbom, SBOM_FILES } from '../testing/sbomFixtures';
import { LICENSE_POLICY, licensePolicy, renderRoute, REPORTS } from '../testing/renderRoute';
import { listItem, report, TOKEN } from '../testing/reports';

jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  ApexChart: () => null,
  preloadApexCharts: () => undefined,
}));

const R1 = `${REPORTS}r-1/`;

describe('ReportDetailPage', () => {
  const page = setupPageTest({ quiet: true });
  beforeEach(() => {
    // The Overview's Denied Licenses field: nothing denied unless a test says otherwise.
    page.api.onGet(`${R1}sbom/licenses/`).reply(200, { sets: [], complete: true });
    page.api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows "Loading report data…", then the header line with name, type and created time', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    page.api.onGet(R1).reply(() => new Promise((resolve) => (answer = resolve)));
    renderRoute('/insights/r-1/');
    expect(await screen.findByText('Loading report data…')).toBeInTheDocument();
    answer([200, report({ assessment_type: 'application' })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Gateway firmware 4.2' })).toBeInTheDocument();
    expect(screen.getByTestId('report-header-line')).toHaveTextContent(
      `Type: Application · Created At: ${formatDateTime('2026-11-20T09:30:00Z')}`,
    );
    expect(screen.queryByText('Loading report data…')).not.toBeInTheDocument();
  });

  it('names the tab after the report and shows the way back: Reports › the report', async () => {
    page.api.onGet(R1).reply(200, report({ name: 'Gateway <i>4.2</i>' }));
    renderRoute('/insights/r-1');
    await screen.findByRole('heading', { level: 1, name: 'Gateway <i>4.2</i>' });
    expect(document.title).toBe('Gateway <i>4.2</i> · Reports · Security Console');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/insights');
    expect(within(crumbs).getByText('Gateway <i>4.2</i>')).toHaveAttribute('aria-current', 'page');
  });

  it('says "Error loading report data." for an unknown or foreign report', async () => {
    page.api.onGet(R1).reply(404, { detail: 'Not found.' });
    renderRoute('/insights/r-1');
    expect(await screen.findByText('Error loading report data.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('goes back to /insights', async () => {
    page.api.onGet(R1).reply(200, report());
    page.api.onGet(REPORTS).reply(200, { count: 0, results: [] });
    renderRoute('/insights/r-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(currentLocation().pathname).toBe('/insights');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Insight Reports' })).toBeInTheDocument();
  });

  describe('Delete', () => {
    it('asks first and makes no call on Cancel', async () => {
      page.api.onGet(R1).reply(200, report());
      renderRoute('/insights/r-1');
      await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Are you sure you want to delete this report?')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(page.api.history.delete).toHaveLength(0);
    });

    it('deletes, says "Report deleted successfully." and lands on the list via /reports', async () => {
      page.api.onGet(R1).reply(200, report());
      page.api.onDelete(R1).reply(204);
      page.api.onGet(REPORTS).reply(200, { count: 1, results: [listItem('r-2', 'Billing API')] });
      renderRoute('/insights/r-1');
      await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'My Insight Reports' })).toBeInTheDocument();
      expect(page.api.history.delete.map((r) => r.url)).toEqual([R1]);
      // /reports, as the spec says, which the host (and the dev routes) redirect to /insights.
      expect(currentLocation().pathname).toBe('/insights');
      expect(screen.getByRole('alert')).toHaveTextContent('Report deleted successfully.');
      expect(await screen.findByText('Billing API')).toBeInTheDocument();
    });

    it('says "Failed to delete report." and stays when the delete fails', async () => {
      page.api.onGet(R1).reply(200, report());
      page.api.onDelete(R1).reply(500, { detail: 'boom' });
      renderRoute('/insights/r-1');
      await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete report.');
      expect(currentLocation().pathname).toBe('/insights/r-1');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { level: 1, name: 'Gateway firmware 4.2' })).toBeInTheDocument();
    });

    it('offers Retry on a failed delete, which deletes', async () => {
      page.api.onGet(R1).reply(200, report());
      page.api.onDelete(R1).replyOnce(503, { detail: 'Busy.' }).onDelete(R1).reply(204);
      page.api.onGet(REPORTS).reply(200, { count: 0, results: [] });
      renderRoute('/insights/r-1');
      await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to delete report. Busy.');
      await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'My Insight Reports' })).toBeInTheDocument();
      expect(page.api.history.delete).toHaveLength(2);
    });
  });

  describe('Run AI Analysis', () => {
    const button = () => screen.getByRole('button', { name: 'Run AI Analysis' });

    it('is enabled with a scan and make, model and industry, and only logs locally', async () => {
      const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
      page.api.onGet(R1).reply(200, report());
      renderRoute('/insights/r-1');
      await screen.findByRole('heading', { name: 'Gateway firmware 4.2' });
      expect(button()).toBeEnabled();
      // Every GET of the page done (the Overview's license count last), then none for the click.
      await screen.findByText(/No license is denied/);
      const calls = page.api.history.get.length;
      await userEvent.click(button());
      expect(info).toHaveBeenCalledWith(expect.stringContaining('r-1'));
      expect(page.api.history.get).toHaveLength(calls);
      expect(page.api.history.post).toHaveLength(0);
      expect(page.api.history.patch).toHaveLength(0);
      info.mockRestore();
    });

    it.each([
      ['no scan is uploaded', { has_scan_uploaded: false }],
      ['make is missing', { make: null, context: { make: '' } }],
      ['model is missing', { model: null, context: { model: '' } }],
      ['industry is blank', { industry: '  ', context: { industry: '  ' } }],
    ])('is disabled when %s', async (_, over) => {
      page.api.onGet(R1).reply(200, report(over as Parameters<typeof report>[0]));
      renderRoute('/insights/r-1');
      await screen.findByRole('heading', { name: 'Gateway firmware 4.2' });
      expect(button()).toBeDisabled();
      expect(screen.getByText(/Run AI Analysis needs an uploaded scan/)).toBeInTheDocument();
    });
  });

  describe('Upload Required', () => {
    it('shows copyable upload and scanner commands with this report token, and no tabs', async () => {
      const writeText = jest.fn(async () => undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      page.api
        .onGet(R1)
        .reply(
          200,
          report({ has_scan_uploaded: false, has_sbom: false, has_audit: false, scan_uploaded_at: null, analysis: null }),
        );
      renderRoute('/insights/r-1');
      expect(await screen.findByRole('heading', { name: 'Upload Required' })).toBeInTheDocument();
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();

      const origin = window.location.origin;
      // What it does in a folder with either file or both: UploadRequired.test.ts runs it.
      const upload = uploadCommand(origin, TOKEN);
      expect(upload).toContain(`-H "X-API-Key: ${TOKEN}" "$@" ${origin}/api/v1/insights/cli/scan`);
      const scanner = `curl -fsSLo console-scan ${origin}/api/v1/insights/cli/scanner && sh console-scan --server ${origin} --token ${TOKEN}`;
      expect(screen.getByLabelText('Upload command')).toHaveTextContent(upload);
      expect(screen.getByLabelText('Scan and upload from a Linux machine')).toHaveTextContent(scanner);

      await userEvent.click(screen.getByRole('button', { name: 'Copy: Upload command' }));
      expect(writeText).toHaveBeenLastCalledWith(upload);
      await userEvent.click(screen.getByRole('button', { name: 'Copy: Scan and upload from a Linux machine' }));
      expect(writeText).toHaveBeenLastCalledWith(scanner);
    });

    it('notices the upload without a reload and shows the tabs', async () => {
      jest.useFakeTimers();
      let uploaded = false;
      page.api.onGet(R1).reply(() => [200, report({ has_scan_uploaded: uploaded })]);
      renderRoute('/insights/r-1');
      expect(await screen.findByRole('heading', { name: 'Upload Required' })).toBeInTheDocument();

      uploaded = true;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(UPLOAD_POLL_MS + 100);
      });
      expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Upload Required' })).not.toBeInTheDocument();

      // Polling slows down once the scan is there.
      const calls = page.api.history.get.filter((r) => r.url === R1).length;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(UPLOAD_POLL_MS * 3);
      });
      expect(page.api.history.get.filter((r) => r.url === R1)).toHaveLength(calls);
    });

    it('shows a newer upload without a reload: Overview, Scan Uploaded At and the SBOM fetched again', async () => {
      jest.useFakeTimers();
      const first = report();
      const second = report({ scan_uploaded_at: '2026-05-01T08:00:00Z', analysis: 'A newer scan: 2 of 11 checks failed.' });
      let latest = first;
      page.api.onGet(R1).reply(() => [200, latest]);
      page.api.onGet(`${R1}sbom`).reply(200, { ...loadSbom(SBOM_FILES.shop) });
      page.api.onGet(`${R1}sbom/feed/`).reply(500);
      page.api.onGet(`${R1}sbom/analyses/`).reply(200, { results: [] });
      page.api.onGet(LICENSE_POLICY).reply(200, licensePolicy());
      renderRoute('/insights/r-1?tab=sbom');
      await screen.findByRole('region', { name: 'SBOM Summary' });
      const sbomCalls = () => page.api.history.get.filter((r) => r.url === `${R1}sbom`).length;
      expect(sbomCalls()).toBe(1);

      latest = second;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(RESCAN_POLL_MS + 100);
      });
      await waitFor(() => expect(sbomCalls()).toBe(2));
      await userEvent.click(screen.getByRole('tab', { name: 'Overview' }), { advanceTimers: jest.advanceTimersByTime });
      expect(await screen.findByTestId('report-analysis')).toHaveTextContent('A newer scan: 2 of 11 checks failed.');
      expect(screen.getByText('Scan Uploaded At').nextElementSibling).toHaveTextContent(
        new Date('2026-05-01T08:00:00Z').toLocaleString(),
      );
    });
  });

  describe('tabs', () => {
    it('shows Overview, Context, System Review and SBOM (then Scans), Overview first with the analysis', async () => {
      page.api.onGet(R1).reply(200, report());
      renderRoute('/insights/r-1');
      const tabs = await screen.findAllByRole('tab');
      expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Context', 'System Review', 'SBOM', 'Scans']);
      expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByTestId('report-analysis')).toHaveTextContent('4 of 11 hardening checks failed');
      expect(screen.getByText('Assessment Type')).toBeInTheDocument();
      // The audit and SBOM are fetched only when their tab opens (the Overview reads the license
      // counts kept at upload, not the SBOM).
      const urls = page.api.history.get.map((r) => r.url);
      expect(urls).not.toContain(`${R1}sbom`);
      expect(urls.some((url) => url?.endsWith('rules/'))).toBe(false);
    });

    it.each([
      ['an SBOM-only report: System Review', { has_audit: false }, 'system-review', 'No audit data available.', 'rules/'],
      ['an audit-only report: SBOM', { has_sbom: false }, 'sbom', 'No SBOM data available.', 'sbom'],
    ])('%s says what is missing without requesting it (no 404 in the console)', async (_, flags, tab, text, path) => {
      page.api.onGet(R1).reply(200, report(flags));
      renderRoute(`/insights/r-1?tab=${tab}`);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(page.api.history.get.map((r) => r.url)).toEqual([R1]);
      expect(page.api.history.get.some((r) => r.url?.endsWith(path))).toBe(false);
    });

    describe('Overview: Denied Licenses', () => {
      const LICENSES = `${R1}sbom/licenses/`;
      const mit = { license: { id: 'MIT', name: null, url: null } };
      const sets = {
        complete: true,
        sets: [
          { licenses: [mit], components: 3 },
          { licenses: [{ expression: 'Apache-2.0 OR GPL-3.0-only' }], components: 2 },
          { licenses: [], components: 4 },
        ],
      };
      const field = () => screen.getByText('Denied Licenses').nextElementSibling as HTMLElement;

      it('counts the components stating a denied license, from the counts kept at upload', async () => {
        page.api.onGet(R1).reply(200, report());
        page.api.onGet(LICENSES).reply(200, sets);
        page.api.onGet(LICENSE_POLICY).reply(200, licensePolicy(['mit', 'GPL-3.0-only']));
        renderRoute('/insights/r-1');
        expect(await screen.findByTestId('denied-licenses')).toHaveTextContent(
          '5 components state a denied license: MIT, GPL-3.0-only (in expression).',
        );
      });

      it.each([
        ['nothing is denied', sets, [], /No license is denied \(set them on the SBOM tab's Licenses card\)/],
        [
          'the scan was not counted',
          { sets: null, complete: false },
          ['MIT'],
          /Not counted for this scan: upload the SBOM again/,
        ],
        ['no component states one', sets, ['AGPL-3.0-only'], /^No component states a denied license\.$/],
      ])('says %s rather than a bare zero', async (_, answer, denied, text) => {
        page.api.onGet(R1).reply(200, report());
        page.api.onGet(LICENSES).reply(200, answer);
        page.api.onGet(LICENSE_POLICY).reply(200, licensePolicy(denied));
        renderRoute('/insights/r-1');
        expect(await screen.findByText(text)).toBeInTheDocument();
      });

      it('shows a failed count as an error with Retry, never as none', async () => {
        page.api.onGet(R1).reply(200, report());
        let failed = false;
        page.api.onGet(LICENSES).reply(() => (failed ? [200, sets] : ((failed = true), [500, {}])));
        page.api.onGet(LICENSE_POLICY).reply(200, licensePolicy(['MIT']));
        renderRoute('/insights/r-1');
        expect(await screen.findByText('Could not load the license counts')).toBeInTheDocument();
        expect(field()).not.toHaveTextContent(/No component/);
        await userEvent.click(within(field()).getByRole('button', { name: 'Retry' }));
        expect(await screen.findByTestId('denied-licenses')).toHaveTextContent('3 components state a denied license: MIT.');
      });

      it('is not shown, and not asked for, without an SBOM', async () => {
        page.api.onGet(R1).reply(200, report({ has_sbom: false }));
        renderRoute('/insights/r-1');
        await screen.findByTestId('report-analysis');
        expect(screen.queryByText('Denied Licenses')).not.toBeInTheDocument();
        expect(page.api.history.get.map((r) => r.url)).toEqual([R1]);
      });
    });

    it('says clearly when there is no analysis', async () => {
      page.api.onGet(R1).reply(200, report({ analysis: null }));
      renderRoute('/insights/r-1');
      expect(await screen.findByText('No analysis yet: it is written when a scan is uploaded.')).toBeInTheDocument();
      expect(screen.queryByTestId('report-analysis')).not.toBeInTheDocument();
    });

    it('keeps the open tab in the address', async () => {
      page.api.onGet(R1).reply(200, report());
      renderRoute('/insights/r-1');
      await userEvent.click(await screen.findByRole('tab', { name: 'Context' }));
      expect(currentLocation().search).toBe('?tab=context');
      // A history entry: the browser's Back returns to the previous tab.
      expect(lastNavigationType()).toBe('PUSH');
      expect(screen.getByRole('button', { name: 'Save Context' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
      expect(currentLocation().search).toBe('');
    });
  });

  describe('Context', () => {
    it('fills the form, marks Make, Model and Industry required and shows the field tooltips', async () => {
      page.api.onGet(R1).reply(200, report());
      renderRoute('/insights/r-1?tab=context');
      expect(await screen.findByLabelText(/^Make/)).toHaveValue('Acme');
      for (const label of [/^Make/, /^Model/, /^Industry/]) expect(screen.getByLabelText(label)).toBeRequired();
      expect(screen.getByLabelText(/^Sold In/)).not.toBeRequired();
      expect(screen.getByLabelText(/^Model/)).toHaveValue('Gateway X2');
      expect(screen.getByLabelText('Internet Facing')).toBeChecked();
      expect(screen.getByLabelText('Encryption at Rest')).not.toBeChecked();
      expect(screen.getByLabelText(/^Purpose/).tagName).toBe('TEXTAREA');
      expect(screen.getByLabelText(/^Environment/).tagName).toBe('TEXTAREA');

      await userEvent.hover(screen.getByLabelText(/^Purpose/));
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Describe the intended use of the device in this field.');
      await userEvent.unhover(screen.getByLabelText(/^Purpose/));
      await userEvent.hover(screen.getByLabelText(/^Environment/));
      await waitFor(() =>
        expect(screen.getByRole('tooltip')).toHaveTextContent('Specify the environment where the device will be deployed.'),
      );
    });

    it('saves all ten fields (blank required ones too), refreshes the report and confirms', async () => {
      let saved = report();
      page.api.onGet(R1).reply(() => [200, saved]);
      page.api.onPatch(R1).reply((config) => {
        const { context } = JSON.parse(config.data as string);
        saved = report({ context, make: context.make || null });
        return [200, saved];
      });
      renderRoute('/insights/r-1?tab=context');
      const make = await screen.findByLabelText(/^Make/);
      await userEvent.clear(make);
      await userEvent.click(screen.getByLabelText('Encryption at Rest'));
      await userEvent.clear(screen.getByLabelText(/^Sold In/));
      await userEvent.type(screen.getByLabelText(/^Sold In/), 'EU, UK');
      const before = page.api.history.get.length;
      await userEvent.click(screen.getByRole('button', { name: 'Save Context' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Context data saved successfully.');
      expect(JSON.parse(page.api.history.patch[0]!.data as string)).toEqual({
        context: {
          make: '',
          model: 'Gateway X2',
          internet_facing: true,
          ota_capable: true,
          encryption_at_rest: true,
          encryption_in_transit: true,
          industry: 'Energy',
          purpose: 'Collects meter readings and forwards them to the utility.',
          environment: 'Outdoor cabinet, cellular uplink.',
          sold_in: 'EU, UK',
        },
      });
      await waitFor(() => expect(page.api.history.get.length).toBeGreaterThan(before));
      // The refreshed report has no make: Run AI Analysis follows it.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Run AI Analysis' })).toBeDisabled());
      expect(screen.getByLabelText(/^Sold In/)).toHaveValue('EU, UK');
    });

    it('says "Failed to save context data." and keeps what was typed', async () => {
      page.api.onGet(R1).reply(200, report());
      page.api.onPatch(R1).reply(400, { detail: 'Invalid request body.' });
      renderRoute('/insights/r-1?tab=context');
      await userEvent.type(await screen.findByLabelText(/^Model/), ' rev B');
      await userEvent.click(screen.getByRole('button', { name: 'Save Context' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save context data.');
      expect(screen.getByLabelText(/^Model/)).toHaveValue('Gateway X2 rev B');
    });
  });
});
