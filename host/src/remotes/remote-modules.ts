import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES_JSON_URL, type RemoteName } from './remoteCatalog';

// The monolith build swaps this file for monolith/remote-modules.ts (same exports).

const entries = new Map<string, string>();

/** Reads where the remotes live (deploy-time JSON) and registers them; loads none of them. */
export async function initRemotes(url = REMOTES_JSON_URL): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const manifest = (await response.json()) as Record<string, string>;
    for (const [name, entry] of Object.entries(manifest)) entries.set(name, entry);
  } catch (error) {
    // The shell still works; each remote route will show its own load error.
    console.error('Could not read the remote locations', error);
  }
  init({
    name: 'host',
    remotes: [...entries].map(([name, entry]) => ({ name, entry })),
  });
}

export async function loadRemoteModule(
  remote: RemoteName,
  page: string,
): Promise<Record<string, unknown>> {
  const module = await loadRemote<Record<string, unknown>>(`${remote}/${page}`);
  if (!module) throw new Error(`${remote}/${page} did not load`);
  return module;
}

/** Forgets a failed remote (entry, manifest, container) so the next load fetches it again. */
export function resetRemote(remote: RemoteName): void {
  const entry = entries.get(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
