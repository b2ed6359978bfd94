import { http, useApi, type ScanList } from '@console/shared';
import { reportPath } from './http-helpers';

export const reportScansKey = (uid: string) => `${reportPath(uid)}scans/`;

export async function fetchReportScans(uid: string): Promise<ScanList> {
  return (await http.get<ScanList>(reportScansKey(uid))).data;
}

/** The report's kept SBOM scans, newest first (docs/insights-api.md "Scan history"). */
export function useReportScans(uid: string) {
  return useApi<ScanList>(reportScansKey(uid), { fetcher: () => fetchReportScans(uid), revalidateOnFocus: false });
}
