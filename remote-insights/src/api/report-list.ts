import { http, useApi, type CreateReportInput, type InsightReport, type ReportList } from '@console/shared';
import type { ScopedMutator } from 'swr';

// Reports belong to the caller's tenant through the session: the path carries no tenant.
export const reportsKey = () => '/v1/insights/reports/';

export async function fetchReports(): Promise<ReportList> {
  return (await http.get<ReportList>(reportsKey())).data;
}

export function useReports() {
  return useApi<ReportList>(reportsKey(), { fetcher: fetchReports });
}

/** Creates a report, then refreshes the list (spec §7). */
export async function createReport(mutate: ScopedMutator, input: CreateReportInput): Promise<InsightReport> {
  const created = (await http.post<InsightReport>(reportsKey(), input)).data;
  await mutate(reportsKey());
  return created;
}
