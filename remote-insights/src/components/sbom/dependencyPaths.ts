import type { SbomPayload } from '@console/shared';

export type SbomDependency = NonNullable<SbomPayload['dependencies']>[number];

/** The CycloneDX `dependencies` graph: a ref → the refs it depends on (each once, self-loops dropped). */
export type DependencyGraph = ReadonlyMap<string, readonly string[]>;

export function dependencyGraphOf(dependencies: readonly SbomDependency[] | null | undefined): DependencyGraph {
  const graph = new Map<string, string[]>();
  for (const { ref, dependsOn } of dependencies ?? []) {
    const edges = graph.get(ref) ?? [];
    for (const to of dependsOn) if (to !== ref && !edges.includes(to)) edges.push(to);
    graph.set(ref, edges);
  }
  return graph;
}

/** How many shortest paths a dialog lists. */
export const PATH_LIMIT = 10;

export type DependencyPaths =
  /** The SBOM has no `dependencies` (older files, VEX-only documents). */
  | { kind: 'no-graph' }
  /** No `metadata.component` bom-ref, or the graph does not start from it. */
  | { kind: 'no-root' }
  /** The component has no bom-ref, or no entry of the graph names it. */
  | { kind: 'not-in-graph' }
  /** In the graph, but no chain of `dependsOn` from the root reaches it. */
  | { kind: 'unreachable' }
  /** Up to `limit` of the shortest paths, root first, the component last; `total` counts them all. */
  | { kind: 'paths'; paths: string[][]; total: number };

/**
 * The shortest paths from the root to `target` over `dependsOn` edges. A breadth-first walk
 * visits each ref once, so a cycle ends it and no path repeats a node; only paths of the
 * shortest length are listed (any longer one passes through a cycle or a longer branch).
 */
export function dependencyPaths(
  graph: DependencyGraph,
  rootRef: string | null,
  target: string | null,
  limit = PATH_LIMIT,
): DependencyPaths {
  if (graph.size === 0) return { kind: 'no-graph' };
  if (rootRef === null || !graph.has(rootRef)) return { kind: 'no-root' };
  if (target === null || !inGraph(graph, target)) return { kind: 'not-in-graph' };
  if (target === rootRef) return { kind: 'paths', paths: [[rootRef]], total: 1 };
  // Each ref's parents one step nearer the root, and how many shortest paths reach it.
  const parents = new Map<string, string[]>([[rootRef, []]]);
  const counts = new Map<string, number>([[rootRef, 1]]);
  let layer = [rootRef];
  while (layer.length > 0 && !parents.has(target)) {
    const next: string[] = [];
    const inLayer = new Set<string>();
    for (const from of layer) {
      for (const to of graph.get(from) ?? []) {
        if (parents.has(to) && !inLayer.has(to)) continue; // reached in an earlier layer
        if (!inLayer.has(to)) {
          inLayer.add(to);
          next.push(to);
          parents.set(to, []);
          counts.set(to, 0);
        }
        parents.get(to)!.push(from);
        counts.set(to, counts.get(to)! + counts.get(from)!);
      }
    }
    layer = next;
  }
  if (!parents.has(target)) return { kind: 'unreachable' };
  return { kind: 'paths', paths: firstPaths(parents, target, limit), total: counts.get(target)! };
}

function inGraph(graph: DependencyGraph, ref: string): boolean {
  if (graph.has(ref)) return true;
  for (const edges of graph.values()) if (edges.includes(ref)) return true;
  return false;
}

/** The first `limit` root-to-target paths, walking the parents back (depth-first, in file order). */
function firstPaths(parents: Map<string, string[]>, target: string, limit: number): string[][] {
  const paths: string[][] = [];
  const walk = (ref: string, tail: string[]): void => {
    if (paths.length >= limit) return;
    const before = parents.get(ref)!;
    if (before.length === 0) {
      paths.push([ref, ...tail]);
      return;
    }
    for (const parent of before) walk(parent, [ref, ...tail]);
  };
  walk(target, []);
  return paths;
}
