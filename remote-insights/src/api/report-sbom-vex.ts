import { http, type SbomVexAnswer } from '@console/shared';
import type { ScopedMutator } from 'swr';
import { reportPath } from './http-helpers';
import { refreshSbomAnalyses } from './report-sbom-analyses';

export const reportSbomVexPath = (uid: string) => `${reportPath(uid)}sbom/vex/`;

/** POSTs a CycloneDX VEX document (its analyses applied in bulk), then refreshes what shows them. */
export async function uploadSbomVex(mutate: ScopedMutator, uid: string, document: unknown): Promise<SbomVexAnswer> {
  const { data } = await http.post<SbomVexAnswer>(reportSbomVexPath(uid), document);
  await refreshSbomAnalyses(mutate, uid);
  return data;
}
