import { REMOTES_JSON_URL, type RemoteName } from './remoteCatalog';

// The monolith build swaps this file for monolith/remote-modules.ts (same exports).

type Federation = typeof import('./federation');

const entries = new Map<string, string>();
let federation: Promise<Federation> | undefined;

/** Reads where the remotes live (deploy-time JSON); loads none of them, nor the federation runtime. */
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
}

/** The federation runtime, fetched and started on first use; a failed fetch is tried again next time. */
function startedFederation(): Promise<Federation> {
  federation ??= import('./federation').then(
    (module) => {
      module.startFederation([...entries].map(([name, entry]) => ({ name, entry })));
      return module;
    },
    (error: unknown) => {
      federation = undefined;
      throw error;
    },
  );
  return federation;
}

export async function loadRemoteModule(
  remote: RemoteName,
  page: string,
): Promise<Record<string, unknown>> {
  const { loadRemote } = await startedFederation();
  const module = await loadRemote<Record<string, unknown>>(`${remote}/${page}`);
  if (!module) throw new Error(`${remote}/${page} did not load`);
  return module;
}

/** Forgets a failed remote (entry, manifest, container) so the next load fetches it again. */
export function resetRemote(remote: RemoteName): void {
  const entry = entries.get(remote);
  if (!entry || !federation) return; // nothing was loaded yet
  void federation.then(
    ({ registerRemotes }) => registerRemotes([{ name: remote, entry }], { force: true }),
    () => undefined, // the runtime itself failed: the next load fetches it again
  );
}
