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

/** What narrows a table's CSV as it narrows the table: type, Analysis filter, search, sort (empty ones left out). */
export interface SbomExportFilters {
  type?: string;
  vex?: string;
  search?: string;
  ordering?: string;
}

export function reportSbomExportPath(uid: string, kind: SbomExport, filters: SbomExportFilters = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value?.trim()) query.set(name, value);
  const text = query.toString();
  return `${reportPath(uid)}${PATHS[kind]}${text ? `?${text}` : ''}`;
}

/** The SBOM as CycloneDX 1.6 with the console's analyses, or a table as CSV (its rows as shown), as a download. */
export async function downloadSbomExport(uid: string, kind: SbomExport, filters?: SbomExportFilters): Promise<string> {
  return await downloadFile(reportSbomExportPath(uid, kind, filters), FALLBACK[kind]);
}
