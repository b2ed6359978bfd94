import { http, useApi, type InsightReport, type ReportContext, type ReportList } from '@console/shared';
import type { ScopedMutator } from 'swr';
import { reportPath } from './http-helpers';
import { reportsKey } from './report-list';

/** How often the page looks for a scan while Upload Required shows. */
export const UPLOAD_POLL_MS = 5000;
/** How often it looks for a newer scan once one is there (and on focus: SWR's default). */
export const RESCAN_POLL_MS = 30000;

export const reportKey = (uid: string) => reportPath(uid);

export async function fetchReport(uid: string): Promise<InsightReport> {
  return (await http.get<InsightReport>(reportKey(uid))).data;
}

/**
 * The report; polled often until a scan is uploaded, then now and then and on focus, so the page
 * notices an upload (the first or a new one: `scan_uploaded_at` changes) without a reload.
 */
export function useReport(uid: string | undefined) {
  return useApi<InsightReport>(uid ? reportKey(uid) : null, {
    fetcher: () => fetchReport(uid!),
    refreshInterval: (latest) => (!latest ? 0 : latest.has_scan_uploaded ? RESCAN_POLL_MS : UPLOAD_POLL_MS),
  });
}

/** PATCHes the context, then refreshes the report (spec §7). */
export async function saveReportContext(mutate: ScopedMutator, uid: string, context: ReportContext): Promise<void> {
  await http.patch<InsightReport>(reportKey(uid), { context });
  await mutate(reportKey(uid));
}

/** Deletes the report and drops it from the cached list (the list page shows next). */
export async function deleteReport(mutate: ScopedMutator, uid: string): Promise<void> {
  await http.delete(reportKey(uid));
  await mutate<ReportList>(
    reportsKey(),
    (list) => list && { count: Math.max(0, list.count - 1), results: list.results.filter((r) => r.uid !== uid) },
    { revalidate: false },
  );
}
