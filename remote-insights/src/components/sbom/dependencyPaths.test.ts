import { normaliseSbom } from '../../testing/sbomFixtures';
import { describeWithSharedData, readSharedJson, sharedJsonFiles } from '../../testing/sharedData';
import { dependencyGraphOf, dependencyPaths, type DependencyGraph } from './dependencyPaths';

const graph = (edges: Record<string, string[]>) =>
  dependencyGraphOf(Object.entries(edges).map(([ref, dependsOn]) => ({ ref, dependsOn })));

describe('dependencyPaths over hand-written graphs', () => {
  it('lists every shortest path from the root, root first, and ignores longer ones', () => {
    const g = graph({ root: ['a', 'b', 'c'], a: ['x'], b: ['x'], c: ['d'], d: ['x'] });
    expect(dependencyPaths(g, 'root', 'x')).toEqual({
      kind: 'paths',
      paths: [
        ['root', 'a', 'x'],
        ['root', 'b', 'x'],
      ],
      total: 2,
    });
  });

  it('ends in a cycle (root → a → b → a, b → root) and never repeats a node', () => {
    const g = graph({ root: ['a'], a: ['b'], b: ['a', 'root', 'b', 'c'], c: ['c'] });
    expect(dependencyPaths(g, 'root', 'c')).toEqual({ kind: 'paths', paths: [['root', 'a', 'b', 'c']], total: 1 });
    // Inside a cycle that does not reach the target: answered, not looped.
    const loop = graph({ root: ['a'], a: ['b'], b: ['a'], x: ['y'] });
    expect(dependencyPaths(loop, 'root', 'y')).toEqual({ kind: 'unreachable' });
  });

  it('counts all shortest paths but lists at most the limit ("N more")', () => {
    // Two choices at each of 5 levels (root → l0a|l0b → … → l4a|l4b → end): 32 shortest paths.
    const edges: Record<string, string[]> = {};
    let from = ['root'];
    for (let level = 0; level <= 5; level++) {
      const to = level === 5 ? ['end'] : [`l${level}a`, `l${level}b`];
      for (const ref of from) edges[ref] = to;
      from = to;
    }
    const result = dependencyPaths(graph(edges), 'root', 'end');
    expect(result.kind).toBe('paths');
    if (result.kind !== 'paths') return;
    expect(result.total).toBe(32);
    expect(result.paths).toHaveLength(10);
    expect(new Set(result.paths.map((p) => p.join(' '))).size).toBe(10);
    for (const path of result.paths) expect(path).toHaveLength(7);
  });

  it('says why there is no path: no graph, no root in it, not in it', () => {
    expect(dependencyPaths(graph({}), 'root', 'a')).toEqual({ kind: 'no-graph' });
    const g = graph({ root: ['a'] });
    expect(dependencyPaths(g, null, 'a')).toEqual({ kind: 'no-root' });
    expect(dependencyPaths(g, 'elsewhere', 'a')).toEqual({ kind: 'no-root' });
    expect(dependencyPaths(g, 'root', 'b')).toEqual({ kind: 'not-in-graph' });
    expect(dependencyPaths(g, 'root', null)).toEqual({ kind: 'not-in-graph' });
    expect(dependencyPaths(g, 'root', 'root')).toEqual({ kind: 'paths', paths: [['root']], total: 1 });
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any;

/** Distance from the root by a plain breadth-first walk: what every listed path's length must be. */
function distances(g: DependencyGraph, root: string): Map<string, number> {
  const seen = new Map([[root, 0]]);
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    for (const to of g.get(queue[i]!) ?? []) {
      if (!seen.has(to)) {
        seen.set(to, seen.get(queue[i]!)! + 1);
        queue.push(to);
      }
    }
  }
  return seen;
}

describeWithSharedData('dependencyPaths over the real SBOMs of ../shared/data/sbom', ['sbom'], () => {
  it('gives every component of every file valid shortest paths, or says why not', () => {
    let withPaths = 0;
    for (const file of sharedJsonFiles('sbom')) {
      const sbom = normaliseSbom(readSharedJson<Raw>('sbom', file));
      const g = dependencyGraphOf(sbom.dependencies);
      const root = sbom.metadata.component?.['bom-ref'] ?? null;
      const distance = root ? distances(g, root) : new Map<string, number>();
      for (const component of sbom.components) {
        const result = dependencyPaths(g, root, component['bom-ref']);
        if (result.kind !== 'paths') {
          expect(distance.has(component['bom-ref'] ?? '')).toBe(false);
          continue;
        }
        withPaths++;
        expect(result.paths.length).toBeGreaterThan(0);
        expect(result.paths.length).toBeLessThanOrEqual(Math.min(10, result.total));
        for (const path of result.paths) {
          expect(path[0]).toBe(root);
          expect(path.at(-1)).toBe(component['bom-ref']);
          expect(path).toHaveLength(distance.get(component['bom-ref']!)! + 1);
          expect(new Set(path).size).toBe(path.length);
          for (let i = 1; i < path.length; i++) expect(g.get(path[i - 1]!)).toContain(path[i]);
        }
      }
    }
    // juice-shop, laravel and trivy-npm have graphs from their roots.
    expect(withPaths).toBeGreaterThan(1000);
  });

  it('finds a transitive path in juice-shop and says "no graph" for the VEX-only file', () => {
    const juice = normaliseSbom(readSharedJson<Raw>('sbom', 'juice-shop-11.1.2.cdx-1.4.json'));
    const g = dependencyGraphOf(juice.dependencies);
    const deep = juice.components.find((c) => {
      const r = dependencyPaths(g, 'juice-shop@14.1.1', c['bom-ref']);
      return r.kind === 'paths' && r.paths[0]!.length > 3;
    });
    expect(deep).toBeDefined();
    const vexOnly = normaliseSbom(readSharedJson<Raw>('sbom', 'vex-only.cdx-1.4.json'));
    expect(dependencyPaths(dependencyGraphOf(vexOnly.dependencies), null, 'x')).toEqual({ kind: 'no-graph' });
  });
});
