import type { SbomComponent, SbomLicense, SbomLicenseSets } from '@console/shared';

/** How a license is written in the SBOM: an SPDX id, a free name, or an SPDX expression. */
export type LicenseKind = 'id' | 'name' | 'expression';

export interface LicenseCount {
  license: string;
  kind: LicenseKind;
  /** Components that state it (each component once). */
  count: number;
}

export interface LicenseSummary {
  licenses: LicenseCount[];
  /** Components that state no license at all. */
  unknown: number;
}

function named(entry: SbomLicense): { license: string; kind: LicenseKind } | null {
  if ('expression' in entry) return { license: entry.expression, kind: 'expression' };
  const { id, name } = entry.license ?? {};
  if (id) return { license: id, kind: 'id' };
  return name ? { license: name, kind: 'name' } : null;
}

/** Components per license as written (most common first), and those with none ("unknown"). */
export function licenseSummaryOf(components: readonly SbomComponent[]): LicenseSummary {
  const counts = new Map<string, LicenseCount>();
  let unknown = 0;
  for (const component of components) {
    const seen = new Set<string>();
    for (const entry of component.licenses ?? []) {
      const found = named(entry);
      if (!found) continue;
      const key = `${found.kind}\n${found.license}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const counted = counts.get(key) ?? { ...found, count: 0 };
      counted.count++;
      counts.set(key, counted);
    }
    if (seen.size === 0) unknown++;
  }
  const licenses = [...counts.values()].sort((a, b) => b.count - a.count || a.license.localeCompare(b.license));
  return { licenses, unknown };
}

/** "component" or "components", for a count the page writes beside it. */
export const componentsWord = (n: number): string => (n === 1 ? 'component' : 'components');

/** The denied ids, lower case, for matching (the policy ignores case). */
export const deniedSetOf = (denied: readonly string[] | undefined): ReadonlySet<string> =>
  new Set((denied ?? []).map((id) => id.toLowerCase()));

export interface DeniedMatch {
  /** The denied id as the SBOM writes it. */
  license: string;
  /** Named alone (an id, or a name equal to the id), or as a token of an SPDX expression. */
  via: 'id' | 'expression';
}

/**
 * An expression's license ids: split at spaces and parentheses, the operators (AND, OR, WITH)
 * and exception ids after WITH dropped. A token match: `OR` offering another license is not
 * weighed, the analyst decides.
 */
export function expressionIds(expression: string): string[] {
  const tokens = expression.split(/[\s()]+/).filter(Boolean);
  return tokens.filter((token, index) => {
    const upper = token.toUpperCase();
    return upper !== 'AND' && upper !== 'OR' && upper !== 'WITH' && tokens[index - 1]?.toUpperCase() !== 'WITH';
  });
}

/** The component's licenses the policy denies (each once), or [] when none or nothing is denied. */
export function deniedLicensesOf(component: Pick<SbomComponent, 'licenses'>, denied: ReadonlySet<string>): DeniedMatch[] {
  if (denied.size === 0) return [];
  const matches = new Map<string, DeniedMatch>();
  const add = (license: string, via: DeniedMatch['via']) => {
    const key = license.toLowerCase();
    if (denied.has(key) && !matches.has(key)) matches.set(key, { license, via });
  };
  for (const entry of component.licenses ?? []) {
    if ('expression' in entry) for (const id of expressionIds(entry.expression)) add(id, 'expression');
    else {
      const { id, name } = entry.license ?? {};
      if (id) add(id, 'id');
      else if (name) add(name.trim(), 'id');
    }
  }
  return [...matches.values()];
}

/** How many components the policy flags. */
export function deniedComponentCount(components: readonly SbomComponent[], denied: ReadonlySet<string>): number {
  if (denied.size === 0) return 0;
  return components.reduce((n, component) => n + (deniedLicensesOf(component, denied).length > 0 ? 1 : 0), 0);
}

/**
 * The components the policy flags, from the sets of licenses counted at upload (the Overview's
 * figure, without the SBOM), and the denied licenses they name, each once.
 */
export function deniedInSets(
  sets: NonNullable<SbomLicenseSets['sets']>,
  denied: ReadonlySet<string>,
): { components: number; licenses: DeniedMatch[] } {
  const licenses = new Map<string, DeniedMatch>();
  let components = 0;
  for (const set of sets) {
    const matches = deniedLicensesOf(set, denied);
    if (matches.length === 0) continue;
    components += set.components;
    for (const match of matches) if (!licenses.has(match.license.toLowerCase())) licenses.set(match.license.toLowerCase(), match);
  }
  return { components, licenses: [...licenses.values()] };
}
