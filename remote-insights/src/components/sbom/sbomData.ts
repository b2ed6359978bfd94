import type {
  Prioritisation,
  SbomConsoleAnalysis,
  SbomConsoleAnalysisList,
  SbomComponent,
  SbomFeedStatus,
  SbomLicense,
  SbomPayload,
  SbomRating,
  SbomVulnerability,
  SortDirection,
} from '@console/shared';

/** Spec §4, lowest to highest. CycloneDX `info` ranks with `none`. */
export const SEVERITY_ORDER = ['unknown', 'none', 'low', 'medium', 'high', 'critical'] as const;
export type DisplaySeverity = (typeof SEVERITY_ORDER)[number];

export function severityRank(severity: string | null | undefined): number {
  const value = (severity ?? '').toLowerCase();
  const rank = SEVERITY_ORDER.indexOf((value === 'info' ? 'none' : value) as DisplaySeverity);
  return rank === -1 ? 0 : rank;
}

/** A vulnerability's displayed severity is its highest rating (unknown without ratings). */
export function vulnerabilitySeverity(vulnerability: SbomVulnerability): DisplaySeverity {
  let best = 0;
  for (const rating of vulnerability.ratings ?? []) best = Math.max(best, severityRank(rating.severity));
  return SEVERITY_ORDER[best]!;
}

/**
 * The rating the displayed severity comes from: the highest severity; among equals the one with
 * the highest score. Null without ratings.
 */
export function headlineRating(vulnerability: SbomVulnerability): SbomRating | null {
  let best: SbomRating | null = null;
  for (const rating of vulnerability.ratings ?? []) {
    const rank = best === null ? 1 : severityRank(rating.severity) - severityRank(best.severity);
    if (rank > 0 || (rank === 0 && (rating.score ?? -1) > (best!.score ?? -1))) best = rating;
  }
  return best;
}

export interface RootComponent {
  name: string;
  version: string | null;
}

/**
 * `metadata.component`, or null when the SBOM does not state it. Never the generating tool:
 * `tools` names what wrote the file, not what it describes (shown apart: generatorOf).
 */
export function rootComponent(sbom: SbomPayload): RootComponent | null {
  const root = sbom.metadata?.component;
  return root?.name ? { name: root.name, version: root.version ?? null } : null;
}

/** The first tool that wrote the SBOM (1.4 `tools[]` and 1.5+ `tools.components` alike), or null. */
export function generatorOf(sbom: SbomPayload): RootComponent | null {
  const tool = sbom.metadata?.tools?.components?.[0];
  return tool?.name ? { name: tool.name, version: tool.version ?? null } : null;
}

/** The license names of a component (id, else name, else the SPDX expression), or null. */
export function licenseText(licenses: SbomLicense[] | null | undefined): string | null {
  const names = (licenses ?? [])
    .map((entry) => ('expression' in entry ? entry.expression : (entry.license?.id ?? entry.license?.name ?? entry.license?.url)))
    .filter((name): name is string => Boolean(name));
  return names.length ? names.join(', ') : null;
}

export function componentLabel(component: Pick<SbomComponent, 'name' | 'group' | 'version'>): string {
  const name = component.group ? `${component.group}/${component.name}` : component.name;
  return component.version ? `${name}@${component.version}` : name;
}

/**
 * Sort key that orders text case-insensitively and numbers by value ("1.10" after "1.9"), so a
 * sort is a plain string comparison: 10,000 rows sort in milliseconds.
 */
export function naturalKey(value: string | null | undefined): string {
  return (value ?? '').toLowerCase().replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(12, '0'));
}

const typeOf = (component: SbomComponent) => component.type || 'unknown';

export interface ComponentRow {
  key: string;
  component: SbomComponent;
  /** Sort keys, computed on the first sort by their column (not all up front for 10,000 rows). */
  sortKeys: Partial<Record<ComponentSortField, string>>;
  /** What the search looks in, lower-cased: computed on the first search, kept for the next ones. */
  searchText?: string;
}

export interface AffectedComponent {
  ref: string;
  /** The ref names the SBOM's root component (metadata.component), as VEX documents do. */
  root: boolean;
  /** Null when the ref names no component of this file (VEX-only BOMs): shown by its ref. */
  component: SbomComponent | null;
  label: string;
  /** The console's analysis added this component to a vulnerability the SBOM listed. */
  addedByConsole: boolean;
  /** What the console keeps its analysis under (analysisKey); null when it cannot name the component. */
  key: string | null;
  /** The console's analysis of this component's vulnerability (withConsoleAnalyses), if any. */
  consoleAnalysis?: SbomConsoleAnalysis;
}

/**
 * The identity the API keeps an analysis under (api lib/insights/triage.ts componentKeyOf): the
 * purl, else `name:` group/name@version. A ref naming no component counts when it is a purl.
 */
export function analysisKey(component: Pick<SbomComponent, 'purl' | 'group' | 'name' | 'version'> | null, ref: string) {
  if (!component) return ref.startsWith('pkg:') ? ref : null;
  if (component.purl) return component.purl;
  return `name:${component.group ? `${component.group}/` : ''}${component.name}@${component.version ?? ''}`;
}

/** CycloneDX VEX analysis of a vulnerability as the API answers it. */
export type VexAnalysis = NonNullable<SbomVulnerability['analysis']>;

/**
 * How the VEX analysis counts: not_affected, false_positive and resolved (with or without
 * pedigree) are closed; anything else (exploitable, in_triage, no analysis) is open.
 */
export const VEX_STATUSES = ['open', 'not_affected', 'false_positive', 'resolved'] as const;
export type VexStatus = (typeof VEX_STATUSES)[number];

export const VEX_LABELS: Record<VexStatus, string> = {
  open: 'Open',
  not_affected: 'Not affected',
  false_positive: 'False positive',
  resolved: 'Resolved',
};

export function vexStatusOf(analysis: VexAnalysis | null | undefined): VexStatus {
  switch (analysis?.state) {
    case 'not_affected':
    case 'false_positive':
      return analysis.state;
    case 'resolved':
    case 'resolved_with_pedigree':
      return 'resolved';
    default:
      return 'open';
  }
}

/** A CycloneDX enum value as words: "code_not_reachable" → "Code not reachable". */
export const enumText = (value: string): string => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export type AnalysisOrigin = 'console' | 'vex' | 'file';

export interface VulnerabilityRow {
  key: string;
  vulnerability: SbomVulnerability;
  severity: DisplaySeverity;
  rank: number;
  /** The rating the severity comes from (its score and vector are shown beside it). */
  headline: SbomRating | null;
  /** The SBOM stated only a CVSS score; the console set the severity from it (console:severity-from-score). */
  scoredSeverity: boolean;
  /** The analysis that holds: the console's where it set one (it wins), else the SBOM file's. */
  analysis: VexAnalysis | null;
  vex: VexStatus;
  /** Where `analysis` comes from: set in the console, a VEX upload, the SBOM file; null when none. */
  origin: AnalysisOrigin | null;
  /** The console's entry `analysis` comes from (origin console or vex). */
  decidedBy: SbomConsoleAnalysis | null;
  /** The SBOM file's own analysis (shown beside the console's). */
  fileAnalysis: VexAnalysis | null;
  /** The source's name; for what the console added from its OSV feed, CONSOLE_FEED_SOURCE. */
  source: string | null;
  /** The console added this vulnerability from its own OSV feed (not in the uploaded SBOM). */
  addedByConsole: boolean;
  affected: AffectedComponent[];
  /** Only the demo catalogue supports it (`console:demo` = `true`). */
  demo: boolean;
  /** KEV and EPSS from the feed status; null until (or unless) that call answered. */
  exploit: Prioritisation | null;
  sortKeys: { id?: string };
  /** What the search looks in, lower-cased: computed on the first search, kept for the next ones. */
  searchText?: string;
  /**
   * The fixed versions the console's feed names for the matched components; [] when it names
   * none or did not match it (`fixedText` tells the two apart).
   */
  fixedVersions: string[];
  fixedText: string;
}

/** The marks the API puts on what its analysis against the console's OSV feed added (docs/insights-api.md). */
export const SOURCE_PROPERTY = 'console:source';
export const FEED_SOURCE = 'osv-feed';
export const ADDED_AFFECT_PROPERTY = 'console:added-affect';
export const DEMO_PROPERTY = 'console:demo';
export const SCORED_SEVERITY_PROPERTY = 'console:severity-from-score';
export const FIXED_VERSION_PROPERTY = 'console:fixed-version';
/** The Fixed Version of a vulnerability the feed matched without naming a fix, and of one only the file lists. */
export const NO_FIX_KNOWN = 'No fix known';
export const FIX_NOT_STATED = 'Not stated';
/** How the Source of a vulnerability the console added reads. */
export const CONSOLE_FEED_SOURCE = 'OSV (console feed)';

export function isAddedByConsole(vulnerability: SbomVulnerability): boolean {
  return (vulnerability.properties ?? []).some((p) => p.name === SOURCE_PROPERTY && p.value === FEED_SOURCE);
}

export function isDemo(vulnerability: SbomVulnerability): boolean {
  return (vulnerability.properties ?? []).some((p) => p.name === DEMO_PROPERTY && p.value === 'true');
}

export interface SbomView {
  root: RootComponent | null;
  generator: RootComponent | null;
  components: ComponentRow[];
  vulnerabilities: VulnerabilityRow[];
  /** Component types, most common first. */
  types: Array<{ type: string; count: number }>;
}

/** Everything the SBOM tab derives from the payload, computed once per response. */
export function buildSbomView(sbom: SbomPayload): SbomView {
  const byRef = new Map<string, SbomComponent>();
  // The root too: a VEX's affects name it by its bom-ref.
  const root = sbom.metadata?.component;
  const rootRef = root?.['bom-ref'] ?? null;
  if (root && rootRef) byRef.set(rootRef, { ...root, description: null, licenses: [], properties: [] });
  const typeCounts = new Map<string, number>();
  const components = (sbom.components ?? []).map((component, index): ComponentRow => {
    const ref = component['bom-ref'];
    if (ref && !byRef.has(ref)) byRef.set(ref, component);
    const type = typeOf(component);
    typeCounts.set(type, (typeCounts.get(type) ?? 0) + 1);
    return { key: `${index}`, component, sortKeys: {} };
  });
  const vulnerabilities = (sbom.vulnerabilities ?? []).map((vulnerability, index): VulnerabilityRow => {
    const severity = vulnerabilitySeverity(vulnerability);
    const addedByConsole = isAddedByConsole(vulnerability);
    const properties = vulnerability.properties ?? [];
    const addedRefs =
      properties.length === 0 ? null : new Set(properties.filter((p) => p.name === ADDED_AFFECT_PROPERTY).map((p) => p.value));
    const headline = headlineRating(vulnerability);
    const scored = new Set(properties.filter((p) => p.name === SCORED_SEVERITY_PROPERTY).map((p) => p.value));
    const analysis = vulnerability.analysis ?? null;
    const fixedVersions = properties.filter((p) => p.name === FIXED_VERSION_PROPERTY).flatMap((p) => (p.value ? [p.value] : []));
    const feedMatched = addedByConsole || (addedRefs?.size ?? 0) > 0 || fixedVersions.length > 0;
    // Each component once, however often the file repeats its ref.
    const refs = [...new Set((vulnerability.affects ?? []).map(({ ref }) => ref))];
    return {
      key: `${index}`,
      vulnerability,
      severity,
      rank: SEVERITY_ORDER.indexOf(severity),
      headline,
      scoredSeverity: headline !== null && scored.has(String((vulnerability.ratings ?? []).indexOf(headline))),
      analysis,
      vex: vexStatusOf(analysis),
      origin: analysis ? 'file' : null,
      decidedBy: null,
      fileAnalysis: analysis,
      source: addedByConsole ? CONSOLE_FEED_SOURCE : (vulnerability.source?.name ?? null),
      addedByConsole,
      affected: refs.map((ref) => {
        const component = byRef.get(ref) ?? null;
        return {
          ref,
          root: ref === rootRef,
          component,
          label: component ? componentLabel(component) : ref,
          addedByConsole: addedRefs?.has(ref) ?? false,
          key: analysisKey(component, ref),
        };
      }),
      demo: isDemo(vulnerability),
      exploit: null,
      sortKeys: {},
      fixedVersions,
      fixedText: fixedVersions.length > 0 ? fixedVersions.join(', ') : feedMatched ? NO_FIX_KNOWN : FIX_NOT_STATED,
    };
  });
  const types = [...typeCounts.entries()]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : 1));
  return { root: rootComponent(sbom), generator: generatorOf(sbom), components, vulnerabilities, types };
}

const NO_EXPLOIT_DATA: Prioritisation = { kev: null, epss: null, epss_percentile: null };

/**
 * The rows with KEV and EPSS from the feed status (keyed by the SBOM's vulnerability ids; an id
 * it does not list has neither). The same rows until the feed answers.
 */
export function withExploitData(rows: VulnerabilityRow[], feed: SbomFeedStatus | undefined): VulnerabilityRow[] {
  if (!feed) return rows;
  const known = feed.vulnerabilities ?? {};
  return rows.map((row) => {
    const id = row.vulnerability.id;
    // Own keys only: an SBOM id such as "constructor" must not read the object's prototype.
    const entry = id && Object.hasOwn(known, id) ? known[id] : undefined;
    return { ...row, exploit: entry ?? NO_EXPLOIT_DATA };
  });
}

/** A console analysis as CycloneDX states it. */
const asVex = (entry: SbomConsoleAnalysis): VexAnalysis => ({
  state: entry.state,
  justification: entry.justification,
  response: entry.response,
  detail: entry.detail || null,
});

/**
 * The rows with the console's analyses laid over the file's (the console's wins, per component).
 * A vulnerability of several components takes the first open component's analysis (it is open
 * while any of its components is), else the first one's. The same rows without analyses.
 */
export function withConsoleAnalyses(rows: VulnerabilityRow[], list: SbomConsoleAnalysisList | undefined): VulnerabilityRow[] {
  if (!list?.results.length) return rows;
  const byKey = new Map(list.results.map((entry) => [`${entry.vulnerability_id}\n${entry.component_key}`, entry]));
  return rows.map((row) => {
    const id = row.vulnerability.id;
    if (!id) return row;
    let touched = false;
    const affected = row.affected.map((a) => {
      const entry = a.key ? byKey.get(`${id}\n${a.key}`) : undefined;
      if (!entry) return a;
      touched = true;
      return { ...a, consoleAnalysis: entry };
    });
    if (!touched) return row;
    const each = affected.map((a) =>
      a.consoleAnalysis
        ? { analysis: asVex(a.consoleAnalysis), entry: a.consoleAnalysis }
        : { analysis: row.fileAnalysis, entry: null },
    );
    const deciding = each.find((item) => vexStatusOf(item.analysis) === 'open') ?? each[0]!;
    return {
      ...row,
      affected,
      analysis: deciding.analysis,
      vex: vexStatusOf(deciding.analysis),
      origin: deciding.entry ? deciding.entry.source : deciding.analysis ? 'file' : null,
      decidedBy: deciding.entry,
    };
  });
}

/** The type filter's "All Types" (a value MUI's select shows; CycloneDX types are words). */
export const ALL_TYPES = '*';

export function componentsOfType(rows: ComponentRow[], type: string): ComponentRow[] {
  return type === ALL_TYPES ? rows : rows.filter((row) => typeOf(row.component) === type);
}

// Fields joined by a character no search box can hold, so a search never matches across two.
const searchTextOf = (...fields: Array<string | null | undefined>) =>
  fields
    .filter((field) => field)
    .join('\u0000')
    .toLowerCase();

const componentSearchText = (row: ComponentRow) =>
  (row.searchText ??= searchTextOf(row.component.name, row.component.group, row.component.purl));

const vulnerabilitySearchText = (row: VulnerabilityRow) =>
  (row.searchText ??= searchTextOf(
    row.vulnerability.id,
    ...row.affected.flatMap((a) => [a.label, a.component?.purl, a.component?.name]),
  ));

/** Components whose name, group or purl contains `search` (any case); every row for a blank search. */
export function componentsMatching(rows: ComponentRow[], search: string): ComponentRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => componentSearchText(row).includes(needle));
}

/** Vulnerabilities whose id, or an affected component's name or purl, contains `search` (any case). */
export function vulnerabilitiesMatching(rows: VulnerabilityRow[], search: string): VulnerabilityRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => vulnerabilitySearchText(row).includes(needle));
}

/** Vulnerabilities that affect a component of the type (all of them for every type). */
export function vulnerabilitiesOfType(rows: VulnerabilityRow[], type: string): VulnerabilityRow[] {
  if (type === ALL_TYPES) return rows;
  return rows.filter((row) => row.affected.some((a) => a.component && typeOf(a.component) === type));
}

/** The VEX filter's "All" (beside the statuses). */
export const ALL_VEX = 'all';

export function vulnerabilitiesOfVex(rows: VulnerabilityRow[], vex: string): VulnerabilityRow[] {
  return vex === ALL_VEX ? rows : rows.filter((row) => row.vex === vex);
}

/** Vulnerability counts per VEX status, in VEX_STATUSES order. */
export function vexCountsOf(rows: VulnerabilityRow[]): Array<{ status: VexStatus; count: number }> {
  const counts = new Map<VexStatus, number>();
  for (const row of rows) counts.set(row.vex, (counts.get(row.vex) ?? 0) + 1);
  return VEX_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

export const COMPONENT_SORT_FIELDS = ['name', 'type', 'version'] as const;
export type ComponentSortField = (typeof COMPONENT_SORT_FIELDS)[number];
export const VULNERABILITY_SORT_FIELDS = ['id', 'severity', 'kev', 'epss'] as const;
export type VulnerabilitySortField = (typeof VULNERABILITY_SORT_FIELDS)[number];

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function componentSortKey(row: ComponentRow, field: ComponentSortField): string {
  const value = field === 'type' ? typeOf(row.component) : row.component[field];
  return (row.sortKeys[field] ??= naturalKey(value));
}

const idKey = (row: VulnerabilityRow) => (row.sortKeys.id ??= naturalKey(row.vulnerability.id));

// Per rows array (a type or search changes it) and field, the ascending order: sorted once, so a
// second click (descending) and a return to a column take one pass instead of a sort of 10,000.
const ascendingByRows = new WeakMap<ComponentRow[], Map<ComponentSortField, ComponentRow[]>>();

function ascendingComponents(rows: ComponentRow[], field: ComponentSortField): ComponentRow[] {
  let byField = ascendingByRows.get(rows);
  if (!byField) ascendingByRows.set(rows, (byField = new Map()));
  let sorted = byField.get(field);
  if (!sorted) {
    const keyed = rows.map((row) => ({ row, key: componentSortKey(row, field) }));
    keyed.sort((a, b) => (!a.key !== !b.key ? (a.key ? -1 : 1) : compareText(a.key, b.key)));
    byField.set(field, (sorted = keyed.map((entry) => entry.row)));
  }
  return sorted;
}

/**
 * A sorted copy (the same one for the same rows and sort: not to be changed); ties keep document
 * order. Missing values sort last in both directions.
 */
export function sortComponents(rows: ComponentRow[], field: ComponentSortField, direction: SortDirection): ComponentRow[] {
  const ascending = ascendingComponents(rows, field);
  if (direction === 'asc') return ascending;
  // Descending: the runs of equal keys in reverse, each in document order; missing values stay last.
  const descending: ComponentRow[] = [];
  let end = ascending.length;
  while (end > 0 && !componentSortKey(ascending[end - 1]!, field)) end--;
  const missing = ascending.slice(end);
  while (end > 0) {
    const key = componentSortKey(ascending[end - 1]!, field);
    let start = end - 1;
    while (start > 0 && componentSortKey(ascending[start - 1]!, field) === key) start--;
    for (let i = start; i < end; i++) descending.push(ascending[i]!);
    end = start;
  }
  return descending.concat(missing);
}

const kevRank = (row: VulnerabilityRow) => (row.exploit?.kev ? 1 : 0);
const epssOf = (row: VulnerabilityRow) => row.exploit?.epss ?? null;

/**
 * A sorted copy; equal severities fall back to the id, ascending. KEV ties go by severity (highest
 * first), then id; rows without an EPSS score sort last in both directions.
 */
export function sortVulnerabilities(
  rows: VulnerabilityRow[],
  field: VulnerabilitySortField,
  direction: SortDirection,
): VulnerabilityRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: idKey(row) }));
  keyed.sort((a, b) => {
    switch (field) {
      case 'severity':
        return sign * (a.row.rank - b.row.rank) || compareText(a.key, b.key);
      case 'kev':
        return sign * (kevRank(a.row) - kevRank(b.row)) || b.row.rank - a.row.rank || compareText(a.key, b.key);
      case 'epss': {
        const x = epssOf(a.row);
        const y = epssOf(b.row);
        if ((x === null) !== (y === null)) return x === null ? 1 : -1;
        return sign * ((x ?? 0) - (y ?? 0)) || compareText(a.key, b.key);
      }
      default:
        return sign * compareText(a.key, b.key);
    }
  });
  return keyed.map((entry) => entry.row);
}

/** Vulnerability counts per displayed severity, highest first. */
export function severityCountsOf(rows: VulnerabilityRow[]): Array<{ severity: DisplaySeverity; count: number }> {
  const counts = new Map<DisplaySeverity, number>();
  for (const row of rows) counts.set(row.severity, (counts.get(row.severity) ?? 0) + 1);
  return [...SEVERITY_ORDER].reverse().map((severity) => ({ severity, count: counts.get(severity) ?? 0 }));
}
