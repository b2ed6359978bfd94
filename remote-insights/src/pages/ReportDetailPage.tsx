import {
  ConfirmDialog,
  ErrorState,
  LoadingState,
  PageBreadcrumbs,
  useDocumentTitle,
  useUrlChoice,
  type Crumb,
  type InsightReport,
  type ReportContext,
} from '@console/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { deleteReport, saveReportContext, useReport } from '../api/report';
import { reportRulesKey } from '../api/report-rules';
import { reportSbomKey } from '../api/report-sbom';
import { reportSbomFeedKey } from '../api/report-sbom-feed';
import { reportScansKey } from '../api/report-scan-list';
import { flashNotice, NoticeSnackbar, useNotice, withReason } from '../components/common/Notice';
import { ContextTab } from '../components/report/ContextTab';
import { OverviewTab } from '../components/report/OverviewTab';
import { ReportHeader } from '../components/report/ReportHeader';
import { UploadRequired } from '../components/report/UploadRequired';
import { SbomTab } from '../components/sbom/SbomTab';
import { ScansTab } from '../components/scans/ScansTab';
import { SystemReviewTab } from '../components/system-review/SystemReviewTab';
import { useStableCallback } from '../tables/useStableCallback';

export const LOADING_REPORT = 'Loading report data…';
export const REPORT_ERROR = 'Error loading report data.';
export const DELETE_CONFIRM = 'Are you sure you want to delete this report?';
export const DELETED = 'Report deleted successfully.';
export const DELETE_FAILED = 'Failed to delete report.';
export const CONTEXT_SAVED = 'Context data saved successfully.';
export const CONTEXT_FAILED = 'Failed to save context data.';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'context', label: 'Context' },
  { id: 'system-review', label: 'System Review' },
  { id: 'sbom', label: 'SBOM' },
  // Beside the spec's four: the SBOM scan history and diff.
  { id: 'scans', label: 'Scans' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const TAB_IDS: readonly TabId[] = TABS.map((t) => t.id);

// Memoised with stable callbacks: a table's sort or search changes the URL, and re-renders the
// view; the header, the tab bar (which measures itself on every render) and the dialog need not.
const Header = memo(ReportHeader);
const Confirm = memo(ConfirmDialog);
const TabBar = memo(function TabBar({ tab, onChange }: { tab: TabId; onChange(next: TabId): void }) {
  return (
    <Tabs value={tab} onChange={(_, next: TabId) => onChange(next)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {TABS.map((t) => (
        <Tab key={t.id} value={t.id} label={t.label} />
      ))}
    </Tabs>
  );
});

/** Reports › the report */
const reportCrumbs = (name: string): Crumb[] => [{ label: 'Reports', to: '/insights' }, { label: name }];

/** /insights/{uid}: the header and buttons, then Upload Required or the spec's four tabs (§2) and Scans. */
export function ReportDetailPage() {
  const { uid } = useParams();
  const { data: report, error, isLoading, mutate: reload } = useReport(uid);
  useDocumentTitle([report?.name, 'Reports']);

  return (
    <Box sx={{ p: 3 }}>
      <PageBreadcrumbs crumbs={reportCrumbs(report?.name ?? 'Insight Report')} />
      {error && !report ? (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Insight Report
          </Typography>
          <ErrorState message={REPORT_ERROR} onRetry={() => void reload()} />
        </>
      ) : isLoading || !report || !uid ? (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Insight Report
          </Typography>
          <LoadingState text={LOADING_REPORT} />
        </>
      ) : (
        <ReportView report={report} uid={uid} />
      )}
    </Box>
  );
}

function ReportView({ report, uid }: { report: InsightReport; uid: string }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const notice = useNotice();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // In the URL (?tab=sbom), each change a history entry; a tab's own filters go with it.
  const [tab, setTab] = useUrlChoice('tab', TAB_IDS, { clearOthers: true });

  // A new upload (the report's scan_uploaded_at moved on): the audit and the SBOM are fetched
  // again, or their tabs would show the previous scan beside the new Overview.
  const uploadedAt = useRef(report.scan_uploaded_at);
  useEffect(() => {
    if (uploadedAt.current === report.scan_uploaded_at) return;
    uploadedAt.current = report.scan_uploaded_at;
    for (const key of [reportRulesKey(uid), reportSbomKey(uid), reportSbomFeedKey(uid), reportScansKey(uid)]) void mutate(key);
  }, [mutate, report.scan_uploaded_at, uid]);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteReport(mutate, uid);
      // Spec §8: the alert, then /reports (which the host redirects to /insights, where it shows).
      flashNotice({ severity: 'success', message: DELETED });
      navigate('/reports');
    } catch (err) {
      console.error('Deleting the report failed', err);
      setConfirming(false);
      setDeleting(false);
      notice.notify({ severity: 'error', message: withReason(DELETE_FAILED, err), retry: () => void remove() });
    }
  };

  const saveContext = async (context: ReportContext) => {
    try {
      await saveReportContext(mutate, uid, context);
      notice.notify({ severity: 'success', message: CONTEXT_SAVED });
    } catch (err) {
      console.error('Saving the context failed', err);
      notice.notify({
        severity: 'error',
        message: withReason(CONTEXT_FAILED, err),
        // The same values again; a second failure says so the same way.
        retry: () => void saveContext(context).catch(() => undefined),
      });
      throw err;
    }
  };

  const onTab = useStableCallback(setTab);
  const onBack = useStableCallback(() => navigate('/insights'));
  const onDelete = useStableCallback(() => setConfirming(true));
  // Spec §4: the action only logs locally; no call is made.
  const onRunAnalysis = useStableCallback(() => console.info(`Run AI Analysis requested for report ${report.uid}`));
  const onCloseConfirm = useStableCallback(() => setConfirming(false));
  const onConfirm = useStableCallback(() => void remove());

  return (
    <>
      <Header report={report} onBack={onBack} onDelete={onDelete} onRunAnalysis={onRunAnalysis} />
      {!report.has_scan_uploaded ? (
        <UploadRequired token={report.token} />
      ) : (
        <>
          <TabBar tab={tab} onChange={onTab} />
          {/* Only the open tab is mounted: the audit and the SBOM are fetched when first shown. */}
          {tab === 'overview' && <OverviewTab report={report} />}
          {tab === 'context' && <ContextTab key={report.uid} report={report} onSave={saveContext} />}
          {tab === 'system-review' && <SystemReviewTab uid={uid} hasAudit={report.has_audit} />}
          {tab === 'sbom' && <SbomTab uid={uid} hasSbom={report.has_sbom} />}
          {tab === 'scans' && <ScansTab uid={uid} />}
        </>
      )}
      <Confirm
        open={confirming}
        title="Delete report"
        message={DELETE_CONFIRM}
        confirmLabel="Delete"
        confirmColor="error"
        busy={deleting}
        onClose={onCloseConfirm}
        onConfirm={onConfirm}
      />
      <NoticeSnackbar notice={notice.notice} open={notice.open} onClose={notice.close} />
    </>
  );
}
