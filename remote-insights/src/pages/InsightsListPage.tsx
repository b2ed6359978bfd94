import { ErrorState, LoadingState, TenantCaption, useDocumentTitle, type CreateReportInput } from '@console/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { createReport, useReports } from '../api/report-list';
import { NoticeSnackbar, takeFlashNotice, useNotice, withReason } from '../components/common/Notice';
import { CreateReportForm } from '../components/list/CreateReportForm';
import { ReportsTable } from '../components/list/ReportsTable';

export const LOADING_REPORTS = 'Loading reports…';
export const REPORTS_ERROR = 'Error loading reports.';
export const CREATE_FAILED = 'Failed to create report.';

/** /insights: the create form and the tenant's reports (spec §2 "Insight Reports list"). */
export function InsightsListPage() {
  const { mutate } = useSWRConfig();
  const { data, error, isLoading, mutate: reload } = useReports();
  const notice = useNotice();
  const { notify } = notice;
  useDocumentTitle(['Reports']);

  // "Report deleted successfully." is raised by the detail page just before it navigates here.
  useEffect(() => {
    const flashed = takeFlashNotice();
    if (flashed) notify(flashed);
  }, [notify]);

  const create = async (input: CreateReportInput) => {
    try {
      await createReport(mutate, input);
      return true;
    } catch (err) {
      // Spec §8 only logs a failed creation; the reason shows too, never only in the console.
      console.error('Creating the report failed', err);
      notify({ severity: 'error', message: withReason(CREATE_FAILED, err) });
      return false;
    }
  };

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        My Insight Reports
      </Typography>
      <TenantCaption />
      <CreateReportForm onCreate={create} />
      {/* A failed background refresh keeps the list on screen. */}
      {error && !data ? (
        <ErrorState message={REPORTS_ERROR} onRetry={() => void reload()} />
      ) : isLoading || !data ? (
        <LoadingState text={LOADING_REPORTS} />
      ) : (
        <ReportsTable reports={data.results ?? []} />
      )}
      <NoticeSnackbar notice={notice.notice} open={notice.open} onClose={notice.close} />
    </Box>
  );
}
