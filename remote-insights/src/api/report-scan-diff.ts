import { http, useApi, type ScanDiff } from '@console/shared';
import { reportScansKey } from './report-scan-list';

export const reportScanDiffKey = (uid: string, from: string, to: string) =>
  `${reportScansKey(uid)}diff/?${new URLSearchParams({ from, to }).toString()}`;

export async function fetchReportScanDiff(uid: string, from: string, to: string): Promise<ScanDiff> {
  return (await http.get<ScanDiff>(reportScanDiffKey(uid, from, to))).data;
}

/** What changed between two kept scans; nothing is fetched until both are chosen. */
export function useReportScanDiff(uid: string, from: string | null, to: string | null) {
  const key = from === null || to === null ? null : reportScanDiffKey(uid, from, to);
  return useApi<ScanDiff>(key, {
    fetcher: () => fetchReportScanDiff(uid, from!, to!),
    revalidateOnFocus: false,
  });
}
