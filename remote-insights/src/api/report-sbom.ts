import { http, useApi, type SbomPayload } from '@console/shared';
import { reportPath } from './http-helpers';

// The spec writes this path without a trailing slash.
export const reportSbomKey = (uid: string) => `${reportPath(uid)}sbom`;

export async function fetchReportSbom(uid: string): Promise<SbomPayload> {
  return (await http.get<SbomPayload>(reportSbomKey(uid))).data;
}

/**
 * The normalised SBOM; 404 when none was uploaded (not asked for when the report says so:
 * `has_sbom`). Large (10,000 components): not refetched on focus.
 */
export function useReportSbom(uid: string, uploaded = true) {
  return useApi<SbomPayload>(uploaded ? reportSbomKey(uid) : null, {
    fetcher: () => fetchReportSbom(uid),
    revalidateOnFocus: false,
  });
}
