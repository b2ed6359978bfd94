// Monolith build only (webpack.monolith.cjs): the remotes' pages compiled into the host bundle,
// still one lazy chunk per page like the federated build. Never imported by the federated build.
import type { PageDefinition, PageModule } from '@console/shared';
import { pages as detect } from '../../remote-detect/src/pages';
import { pages as insights } from '../../remote-insights/src/pages';
import { pages as threat } from '../../remote-threat/src/pages';
import type { RemoteName } from '../src/remotes/remoteCatalog';

// Each remote's runtime page index, from the same manifest as the host's routes.
const PAGES: Record<RemoteName, readonly PageDefinition[]> = { detect, insights, threat };

export async function initRemotes(): Promise<void> {}

export function loadRemoteModule(remote: RemoteName, page: string): Promise<PageModule> {
  const found = PAGES[remote].find(({ name }) => name === page);
  if (!found) return Promise.reject(new Error(`${remote}/${page} is not part of the monolith`));
  return found.load();
}

export function resetRemote(): void {}
