import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One line of a remote's `src/pages/manifest.json`, keyed by the page's name. The name is also the
 * page's file (`src/pages/<Name>.tsx`), its named export, and what the remote exposes (`./<Name>`).
 */
export interface PageManifestEntry {
  /** Where the host mounts the page (`/devices/:uid`); the remote's dev shell uses the same. */
  path: string;
  /** The page's level-1 heading before its data arrives (the remote's pages test checks it). */
  title: string;
  /** It draws charts on first render: the host starts fetching ApexCharts with the page. */
  charts?: boolean;
  /**
   * The API GETs its first render makes when opened without a query (`{tenant}` stands for the
   * signed-in tenant): on a cold load the host starts them as soon as the tenant is known.
   */
  prefetch?: string[];
}

export type PageModule = Record<string, unknown>;

export interface PageDefinition<N extends string = string> extends PageManifestEntry {
  name: N;
  /** Fetches the page's own chunk. */
  load(): Promise<PageModule>;
  /** The page as a lazy component: it is fetched on first render, inside a <Suspense>. */
  Component: LazyExoticComponent<ComponentType>;
}

/** The page a page module exports under the page's name; anything else is a broken module. */
export function pageExport(module: PageModule, name: string): ComponentType {
  const exported = module[name];
  if (typeof exported !== 'function' && typeof exported !== 'object') {
    throw new Error(`The page module has no export named ${name}`);
  }
  return exported as ComponentType;
}

/** A remote's pages from its manifest; `load` fetches `./<Name>.tsx` (a remote's src/pages/index.ts). */
export function definePages<M extends Record<string, PageManifestEntry>>(
  manifest: M,
  load: (name: string) => Promise<PageModule>,
): PageDefinition<Extract<keyof M, string>>[] {
  return Object.entries(manifest).map(([name, { path, title }]) => ({
    name: name as Extract<keyof M, string>,
    path,
    title,
    load: () => load(name),
    Component: lazy(async () => ({ default: pageExport(await load(name), name) })),
  }));
}
