import { http, useApi, type SbomLicenseSets } from '@console/shared';
import { reportPath } from './http-helpers';

export const reportSbomLicensesKey = (uid: string) => `${reportPath(uid)}sbom/licenses/`;

export async function fetchReportSbomLicenses(uid: string): Promise<SbomLicenseSets> {
  return (await http.get<SbomLicenseSets>(reportSbomLicensesKey(uid))).data;
}

/** The SBOM's components grouped by the licenses they state (counted at upload): the Overview's denied count. */
export function useReportSbomLicenses(uid: string, uploaded = true) {
  return useApi<SbomLicenseSets>(uploaded ? reportSbomLicensesKey(uid) : null, {
    fetcher: () => fetchReportSbomLicenses(uid),
    revalidateOnFocus: false,
  });
}
