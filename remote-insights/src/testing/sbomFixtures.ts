// Test SBOMs shaped like the API's normalised SBOM (docs/insights-api.md): what
// GET /v1/insights/reports/{uid}/sbom answers for each upload. Our own CycloneDX files
// (fixtures/test-sbom, written by this project) and generated ones for volume; the real SBOMs
// made by other tools are read from ../shared/data/sbom by the tests that need them (sharedData.ts).
import type { SbomComponent, SbomLicense, SbomPayload, SbomVulnerability } from '@console/shared';

export const SBOM_FILES = {
  /** CycloneDX 1.7, tools.components, 13 components (12 npm libraries), one listed vulnerability. */
  shop: 'shop-npm.cdx-1.7.json',
  /** CycloneDX 1.4, a tools array, 7 composer components with groups, every licence shape. */
  portal: 'portal-composer.cdx-1.4.json',
  /** CycloneDX 1.4, no metadata, no components, one vulnerability about a component elsewhere. */
  vexOnly: 'vex-only.cdx-1.4.json',
} as const;

/** A CycloneDX file's JSON as uploaded, walked as loosely as the API's normaliser reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Raw = any;

/** Our own file as uploaded (jest's module registry: do not mutate it). */
export function rawSbom(file: string): Raw {
  return jest.requireActual(`../../../fixtures/test-sbom/${file}`);
}

/** Our own VEX file (fixtures/test-vex: every analysis state, affects naming the root), normalised. */
export function vexSbom(): SbomPayload {
  return normaliseSbom(jest.requireActual('../../../fixtures/test-vex/vex-all-states.cdx-1.6.json'));
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
    source: { name: str(v.source?.name), url: str(v.source?.url) },
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
    analysis: v.analysis
      ? {
          state: str(v.analysis.state),
          justification: str(v.analysis.justification),
          response: v.analysis.response ?? [],
          detail: str(v.analysis.detail),
        }
      : null,
  };
}

/** Normalises a raw CycloneDX document the way the API does. */
export function normaliseSbom(raw: Raw): SbomPayload {
  const meta = raw.metadata ?? {};
  const tools: Raw[] = Array.isArray(meta.tools) ? meta.tools : (meta.tools?.components ?? []);
  const root = meta.component;
  return {
    spec_version: raw.specVersion,
    serial_number: str(raw.serialNumber),
    metadata: {
      timestamp: str(meta.timestamp),
      component: root
        ? {
            name: root.name,
            version: str(root.version),
            type: root.type,
            group: str(root.group),
            purl: str(root.purl),
            'bom-ref': str(root['bom-ref']),
          }
        : null,
      tools: {
        components: tools.map((t) => ({ name: t.name, version: str(t.version), vendor: str(t.vendor), group: str(t.group) })),
      },
    },
    components: flatten(raw.components),
    vulnerabilities: (raw.vulnerabilities ?? []).map(vulnerability),
    dependencies: (raw.dependencies ?? []).map((d: Raw) => ({ ref: d.ref, dependsOn: d.dependsOn ?? [] })),
  };
}

export function loadSbom(file: string): SbomPayload {
  return normaliseSbom(rawSbom(file));
}

/**
 * A generated SBOM of `count` npm libraries: component i is `pkg-<i, 4 digits>` at version
 * `<1 + i % 3>.<i % 10>.0`, MIT-licensed when i is even (no licence otherwise), no group.
 */
export function generatedSbom(count: number): SbomPayload {
  const components: SbomComponent[] = Array.from({ length: count }, (_, i) => {
    const name = `pkg-${String(i).padStart(4, '0')}`;
    const version = `${1 + (i % 3)}.${i % 10}.0`;
    return {
      'bom-ref': `pkg:npm/${name}@${version}`,
      name,
      type: 'library',
      version,
      group: null,
      description: null,
      purl: `pkg:npm/${name}@${version}`,
      licenses: i % 2 === 0 ? [{ license: { id: 'MIT', name: null, url: null } }] : [],
      properties: [],
    };
  });
  return {
    spec_version: '1.6',
    serial_number: null,
    metadata: {
      timestamp: '2026-04-01T00:00:00Z',
      component: { name: 'generated', version: '1.0.0', type: 'application', group: null, purl: null, 'bom-ref': 'root' },
      tools: { components: [] },
    },
    components,
    vulnerabilities: [],
  };
}

/**
 * Vulnerabilities per severity, as the console adds them from its feed: 7 critical, 40 high,
 * 23 medium, 6 low and 9 without any rating (85). Critical ids are CVE-2999-<n> with n in
 * 1000, 100, 99, 11, 10, 9, 1 (so only a natural sort orders them by number), high, medium and
 * low ones GHSA-test-<severity>-<k>, the unrated ones MAL-2999-<k>. Vulnerability j affects
 * component j; every fifth (j = 0, 5, …) also the next three.
 */
export const FINDING_COUNTS = { critical: 7, high: 40, medium: 23, low: 6, unknown: 9 } as const;
export const CRITICAL_NUMBERS = [1000, 100, 99, 11, 10, 9, 1];

export function withFindings(base: SbomPayload = generatedSbom(1115)): SbomPayload {
  const score: Record<string, number> = { critical: 9.8, high: 8.1, medium: 5.3, low: 2.1 };
  const ids: Array<[string, string]> = [
    ...CRITICAL_NUMBERS.map((n): [string, string] => [`CVE-2999-${n}`, 'critical']),
    ...(['high', 'medium', 'low'] as const).flatMap((severity) =>
      Array.from({ length: FINDING_COUNTS[severity] }, (_, k): [string, string] => [`GHSA-test-${severity}-${k + 1}`, severity]),
    ),
    ...Array.from({ length: FINDING_COUNTS.unknown }, (_, k): [string, string] => [`MAL-2999-${k + 1}`, 'unknown']),
  ];
  const refs = base.components.map((c) => c['bom-ref']!);
  const vulnerabilities = ids.map(([id, severity], j): SbomVulnerability => ({
    id,
    'bom-ref': null,
    source: { name: 'OSV', url: `https://osv.dev/vulnerability/${id}` },
    ratings:
      severity === 'unknown'
        ? []
        : [{ severity, method: 'CVSSv31', score: score[severity]!, vector: null, source: { name: 'OSV', url: null } }],
    affects: (j % 5 === 0 ? [j, j + 1, j + 2, j + 3] : [j]).map((k) => ({ ref: refs[k % refs.length]! })),
    description: `Test finding ${id}`,
    detail: null,
    recommendation: null,
    advisories: [],
    published: null,
    updated: null,
    cwes: [],
  }));
  return { ...base, vulnerabilities };
}
