import type { SbomVulnerability } from '@console/shared';
import { CRITICAL_NUMBERS, FINDING_COUNTS, loadSbom, SBOM_FILES, withFindings } from '../../testing/sbomFixtures';
import {
  buildSbomView,
  licenseText,
  naturalKey,
  rootComponent,
  generatorOf,
  SEVERITY_ORDER,
  severityCountsOf,
  severityRank,
  sortComponents,
  sortVulnerabilities,
  vulnerabilitySeverity,
  withExploitData,
} from './sbomData';

const vuln = (severities: Array<string | null>): SbomVulnerability => ({
  id: 'X',
  'bom-ref': null,
  source: { name: null, url: null },
  ratings: severities.map((severity) => ({ severity, method: null, score: null, vector: null, source: null })),
  affects: [],
  description: null,
  detail: null,
  recommendation: null,
  advisories: [],
  published: null,
  updated: null,
  cwes: [],
});

/** Library components named c1, c2, … in document order, with these versions. */
const componentRows = (versions: Array<string | null>) =>
  buildSbomView({
    ...loadSbom(SBOM_FILES.vexOnly),
    components: versions.map((version, i) => ({
      'bom-ref': `c${i + 1}`,
      name: `c${i + 1}`,
      type: 'library',
      version,
      group: null,
      description: null,
      purl: null,
      licenses: [],
      properties: [],
    })),
  }).components;

describe('SBOM data', () => {
  it('orders severities unknown < none < low < medium < high < critical, info with none', () => {
    expect(SEVERITY_ORDER).toEqual(['unknown', 'none', 'low', 'medium', 'high', 'critical']);
    expect(severityRank('info')).toBe(severityRank('none'));
    expect(severityRank('CRITICAL')).toBe(5);
    expect(severityRank(null)).toBe(0);
    expect(severityRank('bogus')).toBe(0);
  });

  it('shows a vulnerability at its highest rating', () => {
    expect(vulnerabilitySeverity(vuln(['low', 'critical', 'medium']))).toBe('critical');
    expect(vulnerabilitySeverity(vuln(['info']))).toBe('none');
    expect(vulnerabilitySeverity(vuln([null]))).toBe('unknown');
    expect(vulnerabilitySeverity(vuln([]))).toBe('unknown');
    // Our files: two sources say high, a third none; the shop's three ratings all say medium.
    expect(vulnerabilitySeverity(loadSbom(SBOM_FILES.vexOnly).vulnerabilities[0]!)).toBe('high');
    expect(vulnerabilitySeverity(loadSbom(SBOM_FILES.shop).vulnerabilities[0]!)).toBe('medium');
  });

  describe('root component', () => {
    it('is metadata.component when present (1.4 file with a tools array, 1.7 file with tools.components)', () => {
      expect(rootComponent(loadSbom(SBOM_FILES.portal))).toEqual({ name: 'portal', version: '7.12.0' });
      expect(rootComponent(loadSbom(SBOM_FILES.shop))).toEqual({ name: 'example/shop', version: null });
    });

    it('is null without metadata.component (never the tool); the tool is the generator', () => {
      const without = (file: string) => {
        const sbom = loadSbom(file);
        return { ...sbom, metadata: { ...sbom.metadata, component: null } };
      };
      expect(rootComponent(without(SBOM_FILES.portal))).toBeNull();
      expect(rootComponent(without(SBOM_FILES.shop))).toBeNull();
      // 1.4: tools[] (example-bom-library 3.2.1, then example-composer-plugin).
      expect(generatorOf(without(SBOM_FILES.portal))).toEqual({ name: 'example-bom-library', version: '3.2.1' });
      // 1.7: tools.components (hand-written 1.0).
      expect(generatorOf(loadSbom(SBOM_FILES.shop))).toEqual({ name: 'hand-written', version: '1.0' });
      // No metadata at all (VEX-only BOM).
      expect(rootComponent(loadSbom(SBOM_FILES.vexOnly))).toBeNull();
    });
  });

  it('names licenses by id, name or expression', () => {
    expect(
      licenseText([
        { license: { id: 'MIT', name: null, url: null } },
        { license: { id: null, name: 'Custom', url: 'https://x' } },
      ]),
    ).toBe('MIT, Custom');
    expect(licenseText([{ expression: '(MIT OR Apache-2.0)' }])).toBe('(MIT OR Apache-2.0)');
    expect(licenseText([])).toBeNull();
  });

  it('keeps affected refs that are not in the file (VEX-only BOMs), by ref', () => {
    const view = buildSbomView(loadSbom(SBOM_FILES.vexOnly));
    expect(view.components).toEqual([]);
    expect(view.vulnerabilities[0]!.affected).toEqual([
      {
        ref: 'urn:cdx:5b0c1f0e-2b7a-4c55-8d4e-0000000000aa/1#pkg:maven/com.example/xml-binding@2.10.0?type=jar',
        component: null,
        key: null,
        root: false,
        label: 'urn:cdx:5b0c1f0e-2b7a-4c55-8d4e-0000000000aa/1#pkg:maven/com.example/xml-binding@2.10.0?type=jar',
        addedByConsole: false,
      },
    ]);
    const shop = buildSbomView(loadSbom(SBOM_FILES.shop));
    expect(shop.vulnerabilities[0]!.affected.map((a) => a.label)).toEqual(['jquery@3.4.1']);
    expect(shop.types).toEqual([
      { type: 'library', count: 12 },
      { type: 'application', count: 1 },
    ]);
  });

  it('sorts versions and names naturally, missing values last', () => {
    expect(naturalKey('1.10.0') > naturalKey('1.9.2')).toBe(true);
    expect(naturalKey('Lib') === naturalKey('lib')).toBe(true);
    expect(naturalKey('CVE-2021-9999') < naturalKey('CVE-2021-10000')).toBe(true);
    const rows = componentRows(['1.10.0', null, '1.9.2', '1.2.0']);
    expect(sortComponents(rows, 'version', 'asc').map((r) => r.component.version)).toEqual(['1.2.0', '1.9.2', '1.10.0', null]);
    expect(sortComponents(rows, 'version', 'desc').map((r) => r.component.version)).toEqual(['1.10.0', '1.9.2', '1.2.0', null]);
  });

  it('keeps document order among equal values in both directions, missing values last', () => {
    // Named c1…c6 in document order.
    const rows = componentRows(['b', null, 'a', 'b', null, 'a']);
    const names = (direction: 'asc' | 'desc') => sortComponents(rows, 'version', direction).map((r) => r.component.name);
    expect(names('asc')).toEqual(['c3', 'c6', 'c1', 'c4', 'c2', 'c5']);
    expect(names('desc')).toEqual(['c1', 'c4', 'c3', 'c6', 'c2', 'c5']);
    expect(names('asc')).toEqual(['c3', 'c6', 'c1', 'c4', 'c2', 'c5']);
  });

  it('names the source of what the console added from its OSV feed, and marks the components it added', () => {
    const sbom = loadSbom(SBOM_FILES.shop);
    const own = sbom.vulnerabilities[0]!;
    const jquery = own.affects[0]!.ref;
    const fromFeed = {
      ...own,
      id: 'CVE-2999-1001',
      source: { name: 'OSV', url: 'https://osv.dev/vulnerability/GHSA-test-0001-0001' },
      properties: [{ name: 'console:source', value: 'osv-feed' }],
    };
    const merged = {
      ...own,
      affects: [...own.affects, { ref: 'pkg:npm/react@18.2.0' }],
      properties: [{ name: 'console:added-affect', value: 'pkg:npm/react@18.2.0' }],
    };
    const [a, b, c] = buildSbomView({ ...sbom, vulnerabilities: [fromFeed, merged, own] }).vulnerabilities;
    expect([a!.source, a!.addedByConsole]).toEqual(['OSV (console feed)', true]);
    expect([b!.source, b!.addedByConsole]).toEqual(['ghsa', false]);
    expect(b!.affected.map((x) => [x.ref, x.addedByConsole])).toEqual([
      [jquery, false],
      ['pkg:npm/react@18.2.0', true],
    ]);
    // A source named "OSV" in the uploaded file is the file's, not the console's.
    expect(
      buildSbomView({ ...sbom, vulnerabilities: [{ ...own, source: { name: 'OSV', url: null } }] }).vulnerabilities[0]!.source,
    ).toBe('OSV');
    expect([c!.source, c!.addedByConsole, c!.affected[0]!.addedByConsole]).toEqual(['ghsa', false, false]);
  });

  it("shows the feed's fixed versions, says when the feed names no fix, and when only the file lists it", () => {
    const sbom = loadSbom(SBOM_FILES.shop);
    const own = sbom.vulnerabilities[0]!;
    const feed = { name: 'console:source', value: 'osv-feed' };
    const fixed = (value: string) => ({ name: 'console:fixed-version', value });
    const rows = buildSbomView({
      ...sbom,
      vulnerabilities: [
        { ...own, id: 'CVE-2999-1004', properties: [feed, fixed('5.7.2'), fixed('7.5.2')] },
        { ...own, id: 'MAL-2999-1', properties: [feed] },
        { ...own, properties: [{ name: 'console:added-affect', value: 'pkg:npm/react@18.2.0' }] },
        { ...own, properties: [fixed('3.5.0')] },
        own,
      ],
    }).vulnerabilities;
    expect(rows.map((row) => row.fixedText)).toEqual(['5.7.2, 7.5.2', 'No fix known', 'No fix known', '3.5.0', 'Not stated']);
  });

  it("marks as demo data what only the console's demo catalogue speaks for (a demo SBOM)", () => {
    const sbom = loadSbom(SBOM_FILES.shop);
    const demo = {
      ...sbom.vulnerabilities[0]!,
      id: 'CVE-2024-6387',
      source: { name: 'OSV', url: null },
      properties: [
        { name: 'console:source', value: 'osv-feed' },
        { name: 'console:demo', value: 'true' },
      ],
    };
    const [row, real] = buildSbomView({ ...sbom, vulnerabilities: [demo, sbom.vulnerabilities[0]!] }).vulnerabilities;
    expect([row!.demo, row!.addedByConsole]).toEqual([true, true]);
    expect(real!.demo).toBe(false);
  });

  it('sorts vulnerabilities by severity with the id breaking ties, and counts them per severity', () => {
    const view = buildSbomView(withFindings());
    expect(view.vulnerabilities).toHaveLength(85);
    const desc = sortVulnerabilities(view.vulnerabilities, 'severity', 'desc');
    expect(desc[0]!.severity).toBe('critical');
    expect(desc.at(-1)!.severity).toBe('unknown');
    const ranks = desc.map((r) => r.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const criticalIds = desc.filter((r) => r.severity === 'critical').map((r) => r.vulnerability.id);
    // Ids compare naturally (numbers by value), as CVE-2021-9999 < CVE-2021-10000 needs: a plain
    // string sort would give 1, 10, 100, 1000, 11, 9, 99.
    expect(CRITICAL_NUMBERS).toHaveLength(FINDING_COUNTS.critical);
    expect(criticalIds).toEqual([
      'CVE-2999-1',
      'CVE-2999-9',
      'CVE-2999-10',
      'CVE-2999-11',
      'CVE-2999-99',
      'CVE-2999-100',
      'CVE-2999-1000',
    ]);
    expect(severityCountsOf(view.vulnerabilities)).toEqual([
      { severity: 'critical', count: 7 },
      { severity: 'high', count: 40 },
      { severity: 'medium', count: 23 },
      { severity: 'low', count: 6 },
      { severity: 'none', count: 0 },
      { severity: 'unknown', count: 9 },
    ]);
  });

  it('takes KEV and EPSS from the feed status by id, own keys only, and keeps the rows until it answers', () => {
    const sbom = loadSbom(SBOM_FILES.shop);
    const ids = ['CVE-1', 'constructor', 'CVE-3'];
    const rows = buildSbomView({ ...sbom, vulnerabilities: ids.map((id) => ({ ...vuln(['low']), id })) }).vulnerabilities;
    expect(withExploitData(rows, undefined)).toBe(rows);
    expect(rows.every((row) => row.exploit === null && !row.demo)).toBe(true);
    const feed = {
      demo: false,
      checked: 1,
      unsupported: 0,
      no_purl: 0,
      coverage: [],
      kev_loaded: true,
      epss_loaded: true,
      vulnerabilities: { 'CVE-3': { kev: null, epss: 0.5, epss_percentile: 0.9 } },
    };
    const enriched = withExploitData(rows, feed);
    // An SBOM id such as "constructor" reads no prototype property: just no data.
    expect(enriched.map((row) => row.exploit)).toEqual([
      { kev: null, epss: null, epss_percentile: null },
      { kev: null, epss: null, epss_percentile: null },
      { kev: null, epss: 0.5, epss_percentile: 0.9 },
    ]);
    expect(sortVulnerabilities(enriched, 'epss', 'asc').map((row) => row.vulnerability.id)).toEqual([
      'CVE-3',
      'constructor',
      'CVE-1',
    ]);
  });
});
