import { downloadFile } from '@console/shared';
import { reportPath } from './http-helpers';

export type SbomExport = 'cyclonedx' | 'vulnerabilities' | 'components';

const PATHS: Record<SbomExport, string> = {
  cyclonedx: 'sbom/export.cdx.json',
  vulnerabilities: 'sbom/vulnerabilities/export.csv',
  components: 'sbom/components/export.csv',
};

const FALLBACK: Record<SbomExport, string> = {
  cyclonedx: 'sbom.cdx.json',
  vulnerabilities: 'sbom-vulnerabilities.csv',
  components: 'sbom-components.csv',
};

export const reportSbomExportPath = (uid: string, kind: SbomExport) => `${reportPath(uid)}${PATHS[kind]}`;

/** The SBOM as CycloneDX 1.6 with the console's analyses, or a table as CSV, as a download. */
export async function downloadSbomExport(uid: string, kind: SbomExport): Promise<string> {
  return await downloadFile(reportSbomExportPath(uid, kind), FALLBACK[kind]);
}
