import { http, useApi, type SbomFeedStatus } from '@console/shared';
import { reportPath } from './http-helpers';

export const reportSbomFeedKey = (uid: string) => `${reportPath(uid)}sbom/feed/`;

export async function fetchReportSbomFeed(uid: string): Promise<SbomFeedStatus> {
  return (await http.get<SbomFeedStatus>(reportSbomFeedKey(uid))).data;
}

/** What the console could check in the SBOM (coverage) and KEV/EPSS of its vulnerabilities (docs/vuln-feed-api.md). */
export function useReportSbomFeed(uid: string, uploaded = true) {
  return useApi<SbomFeedStatus>(uploaded ? reportSbomFeedKey(uid) : null, {
    fetcher: () => fetchReportSbomFeed(uid),
    revalidateOnFocus: false,
  });
}
