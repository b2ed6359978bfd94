// The team's real SBOMs (fixtures/sbom, never edited), shaped like the API's normalised SBOM
// (docs/insights-api.md): what GET /v1/insights/reports/{uid}/sbom answers for each upload.
import type { SbomComponent, SbomLicense, SbomPayload, SbomVulnerability } from '@console/shared';

export const SBOM_FILES = {
  juiceShop: 'juice-shop-11.1.2.cdx-1.4.json',
  laravel: 'laravel-7.12.0.cdx-1.4.json',
  trivy: 'trivy-npm.cdx-1.7.json',
  vexOnly: 'vex-only.cdx-1.4.json',
} as const;

type Raw = any;

/** The raw file as uploaded (jest's module registry: do not mutate it). */
export function rawSbom(file: string): Raw {
  return jest.requireActual(`../../../fixtures/sbom/${file}`);
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function licenses(list: Raw[] | undefined): SbomLicense[] {
  return (list ?? []).map((entry: Raw) =>
    typeof entry.expression === 'string'
      ? { expression: entry.expression }
      : { license: { id: str(entry.license?.id), name: str(entry.license?.name), url: str(entry.license?.url) } },
  );
}

function flatten(list: Raw[] | undefined, into: SbomComponent[] = []): SbomComponent[] {
  for (const c of list ?? []) {
    into.push({
      'bom-ref': str(c['bom-ref']),
      name: c.name,
      type: c.type,
      version: str(c.version),
      group: str(c.group),
      description: str(c.description),
      purl: str(c.purl),
      licenses: licenses(c.licenses),
      properties: (c.properties ?? []).map((p: Raw) => ({ name: p.name, value: p.value })),
    });
    flatten(c.components, into);
  }
  return into;
}

function vulnerability(v: Raw): SbomVulnerability {
  return {
    id: v.id,
    'bom-ref': str(v['bom-ref']),
    source: v.source ? { name: str(v.source.name), url: str(v.source.url) } : null,
    ratings: (v.ratings ?? []).map((r: Raw) => ({
      severity: str(r.severity),
      method: str(r.method),
      score: typeof r.score === 'number' ? r.score : null,
      vector: str(r.vector),
      source: r.source ? { name: str(r.source.name), url: str(r.source.url) } : null,
    })),
    affects: (v.affects ?? []).map((a: Raw) => ({ ref: a.ref })),
    description: str(v.description),
    detail: str(v.detail),
    recommendation: str(v.recommendation),
    advisories: (v.advisories ?? []).map((a: Raw) => ({ title: str(a.title), url: a.url })),
    published: str(v.published),
    updated: str(v.updated),
    cwes: v.cwes ?? [],
  };
}

/** Normalises a raw CycloneDX document the way the API does. */
export function normaliseSbom(raw: Raw): SbomPayload {
  const meta = raw.metadata ?? {};
  const tools: Raw[] = Array.isArray(meta.tools) ? meta.tools : (meta.tools?.components ?? []);
  const root = meta.component;
  return {
    spec_version: str(raw.specVersion),
    serial_number: str(raw.serialNumber),
    metadata: {
      timestamp: str(meta.timestamp),
      component: root
        ? { name: root.name, version: str(root.version), type: str(root.type), group: str(root.group), purl: str(root.purl), 'bom-ref': str(root['bom-ref']) }
        : null,
      tools: { components: tools.map((t) => ({ name: t.name, version: str(t.version), vendor: str(t.vendor), group: str(t.group) })) },
    },
    components: flatten(raw.components),
    vulnerabilities: (raw.vulnerabilities ?? []).map(vulnerability),
  };
}

export function loadSbom(file: string): SbomPayload {
  return normaliseSbom(rawSbom(file));
}

const OSV_SEVERITY: Record<string, string> = { LOW: 'low', MODERATE: 'medium', HIGH: 'high', CRITICAL: 'critical' };

/**
 * juice-shop's SBOM with the real OSV npm advisories of fixtures/osv (osv-scanner's santatracker
 * set) attached the way a scanner writes them into CycloneDX: each advisory whose npm package name
 * matches components of the file affects them (by name only, so it over-reports versions; test data
 * only). 85 vulnerabilities: 7 critical, 40 high, 23 medium, 6 low, 9 unrated (MAL-* records).
 */
export function juiceShopWithOsvFindings(): SbomPayload {
  const sbom = loadSbom(SBOM_FILES.juiceShop);
  const refsByName = new Map<string, string[]>();
  for (const c of sbom.components) {
    const name = c.group ? `${c.group}/${c.name}` : c.name;
    refsByName.set(name, [...(refsByName.get(name) ?? []), c['bom-ref']!]);
  }
  const { vulns } = jest.requireActual('../../../fixtures/osv/npm/osv-scanner-santatracker-vulns.json') as { vulns: Raw[] };
  const vulnerabilities: SbomVulnerability[] = [];
  for (const osv of vulns) {
    const names = new Set<string>((osv.affected ?? []).filter((a: Raw) => a.package?.ecosystem === 'npm').map((a: Raw) => a.package.name));
    const refs = [...names].flatMap((name) => refsByName.get(name) ?? []);
    if (refs.length === 0) continue;
    const severity = OSV_SEVERITY[osv.database_specific?.severity];
    const cvss = (osv.severity ?? [])[0];
    vulnerabilities.push({
      id: osv.id,
      'bom-ref': null,
      source: { name: 'OSV', url: `https://osv.dev/vulnerability/${osv.id}` },
      ratings: severity ? [{ severity, method: cvss ? cvss.type.replace('CVSS_V', 'CVSSv') : null, score: null, vector: cvss?.score ?? null, source: { name: 'GitHub Advisory Database' } }] : [],
      affects: refs.map((ref) => ({ ref })),
      description: str(osv.summary),
      detail: str(osv.details),
      recommendation: null,
      advisories: (osv.references ?? []).map((r: Raw) => ({ title: null, url: r.url })),
      published: str(osv.published),
      updated: str(osv.modified),
      cwes: (osv.database_specific?.cwe_ids ?? []).map((id: string) => Number(id.replace('CWE-', ''))),
    });
  }
  return { ...sbom, vulnerabilities };
}
