import { http, useApi, type SbomAnalysisTrail } from '@console/shared';
import { reportPath } from './http-helpers';

export const reportSbomAnalysisTrailPrefix = (uid: string) => `${reportPath(uid)}sbom/analyses/trail/`;

export const reportSbomAnalysisTrailKey = (uid: string, vulnerabilityId: string) =>
  `${reportSbomAnalysisTrailPrefix(uid)}?vulnerability_id=${encodeURIComponent(vulnerabilityId)}`;

export async function fetchReportSbomAnalysisTrail(uid: string, vulnerabilityId: string): Promise<SbomAnalysisTrail> {
  return (await http.get<SbomAnalysisTrail>(reportSbomAnalysisTrailKey(uid, vulnerabilityId))).data;
}

/** Who changed the analysis of one vulnerability and when (its components alike), newest first. */
export function useReportSbomAnalysisTrail(uid: string, vulnerabilityId: string | null) {
  return useApi<SbomAnalysisTrail>(vulnerabilityId ? reportSbomAnalysisTrailKey(uid, vulnerabilityId) : null, {
    fetcher: () => fetchReportSbomAnalysisTrail(uid, vulnerabilityId!),
    revalidateOnFocus: false,
  });
}
