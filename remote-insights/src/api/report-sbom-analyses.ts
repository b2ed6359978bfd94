import { http, useApi, type SbomAnalysisInput, type SbomConsoleAnalysis, type SbomConsoleAnalysisList } from '@console/shared';
import type { ScopedMutator } from 'swr';
import { reportPath } from './http-helpers';
import { reportKey } from './report';
import { reportSbomAnalysisTrailPrefix } from './report-sbom-analysis-trail';

export const reportSbomAnalysesKey = (uid: string) => `${reportPath(uid)}sbom/analyses/`;

export async function fetchReportSbomAnalyses(uid: string): Promise<SbomConsoleAnalysisList> {
  return (await http.get<SbomConsoleAnalysisList>(reportSbomAnalysesKey(uid))).data;
}

/** The console's analyses of the report's SBOM vulnerabilities (laid over the SBOM's own). */
export function useReportSbomAnalyses(uid: string, uploaded = true) {
  return useApi<SbomConsoleAnalysisList>(uploaded ? reportSbomAnalysesKey(uid) : null, {
    fetcher: () => fetchReportSbomAnalyses(uid),
    revalidateOnFocus: false,
  });
}

/**
 * Refreshes what an analysis change shows: the analyses (table, pie, counts), every trail of the
 * report, and the report (its Overview summary counts the open ones).
 */
export async function refreshSbomAnalyses(mutate: ScopedMutator, uid: string): Promise<void> {
  const trails = reportSbomAnalysisTrailPrefix(uid);
  await Promise.all([
    mutate(reportSbomAnalysesKey(uid)),
    mutate((key) => typeof key === 'string' && key.startsWith(trails)),
    mutate(reportKey(uid)),
  ]);
}

/** PUTs one component's analysis of one vulnerability, then refreshes what shows it. */
export async function setSbomAnalysis(
  mutate: ScopedMutator,
  uid: string,
  input: SbomAnalysisInput,
): Promise<SbomConsoleAnalysis> {
  const { data } = await http.put<SbomConsoleAnalysis>(reportSbomAnalysesKey(uid), input);
  await refreshSbomAnalyses(mutate, uid);
  return data;
}
