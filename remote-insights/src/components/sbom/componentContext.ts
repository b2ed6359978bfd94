import type { SbomComponent, SbomPayload } from '@console/shared';
import { dependencyGraphOf, type DependencyGraph } from './dependencyPaths';
import { deniedLicensesOf, type DeniedMatch } from './licenses';
import { componentLabel, type VulnerabilityRow } from './sbomData';

/** What a component's dialog shows beside the component: its vulnerabilities and paths from the root. */
export interface ComponentContext {
  graph: DependencyGraph;
  /** False for an SBOM stored before the API kept `dependencies`: its graph is unknown, not empty. */
  graphKept: boolean;
  /** `metadata.component`'s bom-ref: where the paths start. */
  rootRef: string | null;
  /** A ref as the SBOM names the component (name@version), else the ref itself. */
  labelOf(ref: string): string;
  /** The vulnerabilities whose `affects` name the ref. */
  vulnerabilitiesOf(ref: string | null): VulnerabilityRow[];
  /** The tenant's denied ids (lower case); empty until the policy loads. */
  denied: ReadonlySet<string>;
}

/** The component's licenses the tenant's policy denies. */
export const deniedOf = (context: ComponentContext, component: SbomComponent): DeniedMatch[] =>
  deniedLicensesOf(component, context.denied);

const NONE: VulnerabilityRow[] = [];

/** Built once per SBOM response (and once more when the analyses or feed change the rows). */
export function componentContextOf(
  sbom: SbomPayload,
  rows: VulnerabilityRow[],
  denied: ReadonlySet<string> = new Set(),
): ComponentContext {
  const root = sbom.metadata?.component ?? null;
  const labels = new Map<string, string>();
  for (const component of sbom.components ?? []) {
    const ref = component['bom-ref'];
    if (ref && !labels.has(ref)) labels.set(ref, componentLabel(component));
  }
  if (root?.['bom-ref']) labels.set(root['bom-ref'], componentLabel(root));
  const byRef = new Map<string, VulnerabilityRow[]>();
  for (const row of rows) {
    for (const { ref } of row.affected) {
      const list = byRef.get(ref);
      if (list) list.push(row);
      else byRef.set(ref, [row]);
    }
  }
  return {
    graph: dependencyGraphOf(sbom.dependencies),
    graphKept: sbom.dependencies !== undefined,
    rootRef: root?.['bom-ref'] ?? null,
    labelOf: (ref) => labels.get(ref) ?? ref,
    vulnerabilitiesOf: (ref) => (ref === null ? NONE : (byRef.get(ref) ?? NONE)),
    denied,
  };
}
