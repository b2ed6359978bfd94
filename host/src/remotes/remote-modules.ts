import { fetchManifest } from './manifestFetch';
import { REMOTES_JSON_URL, type RemoteName } from './remoteCatalog';
import { fetchRemotesJson } from './remotesJson';

// The monolith build swaps this file for monolith/remote-modules.ts (same exports).

type Federation = typeof import('./federation');

const entries = new Map<string, string>();
let federation: Promise<Federation> | undefined;

let located: Promise<void> = Promise.resolve();

/**
 * Starts reading where the remotes live (deploy-time JSON); loads none of them, nor the federation
 * runtime. The page renders meanwhile: a remote page's load waits for it (loadRemoteModule).
 */
export function initRemotes(url = REMOTES_JSON_URL): Promise<void> {
  located = readLocations(url);
  return located;
}

async function readLocations(url: string): Promise<void> {
  try {
    const { remotes } = await fetchRemotesJson(url);
    for (const [name, { entry }] of Object.entries(remotes)) entries.set(name, entry);
  } catch (error) {
    // The shell still works; each remote route will show its own load error.
    console.error('Could not read the remote locations', error);
  }
}

/** The federation runtime, fetched and started on first use; a failed fetch is tried again next time. */
function startedFederation(): Promise<Federation> {
  // The runtime's chunk is fetched while the remotes' locations are still being read.
  federation ??= Promise.all([import(/* webpackChunkName: "federation" */ './federation'), located]).then(
    ([module]) => {
      module.startFederation(
        [...entries].map(([name, entry]) => ({ name, entry })),
        takeManifest,
      );
      return module;
    },
    (error: unknown) => {
      federation = undefined;
      throw error;
    },
  );
  return federation;
}

const compatible = new Map<string, Promise<void>>();

/** Manifests read by the contract check, not yet handed to the runtime (reuseManifestPlugin). */
const manifests = new Map<string, Promise<unknown>>();

// By absolute URL: remotes.json may name an entry relative to the page; the runtime asks absolute.
const manifestKey = (url: string) => new URL(url, window.location.href).href;

function takeManifest(url: string): Promise<unknown> | undefined {
  const key = manifestKey(url);
  const manifest = manifests.get(key);
  manifests.delete(key);
  return manifest;
}

/** Refuses a remote whose contract this host does not meet (./contract); a passed check is kept. */
function checkedRemote(remote: RemoteName): Promise<void> {
  const entry = entries.get(remote);
  if (!entry) return Promise.resolve(); // location unknown: loadRemote reports the failure
  let check = compatible.get(remote);
  if (!check) {
    // The manifest's request leaves now, not once the contract's code has loaded.
    const manifest = fetchManifest(entry);
    manifests.set(manifestKey(entry), manifest);
    const providedKeys = startedFederation().then((module) => module.providedShareKeys);
    providedKeys.catch(() => undefined); // a failed runtime is reported by the load itself
    check = import(/* webpackChunkName: "contract" */ './contract').then(({ assertCompatible }) =>
      assertCompatible(remote, entry, manifest, providedKeys),
    );
    const pending = check;
    compatible.set(remote, pending);
    pending.catch(() => {
      if (compatible.get(remote) === pending) compatible.delete(remote);
    });
  }
  return check;
}

export async function loadRemoteModule(remote: RemoteName, page: string): Promise<Record<string, unknown>> {
  // The contract check reads the remote's manifest while the runtime starts; nothing of the
  // remote runs before the check passed.
  const [, { loadRemote }] = await Promise.all([located.then(() => checkedRemote(remote)), startedFederation()]);
  const module = await loadRemote<Record<string, unknown>>(`${remote}/${page}`);
  if (!module) throw new Error(`${remote}/${page} did not load`);
  return module;
}

/** Forgets a failed remote (entry, manifest, container) so the next load fetches it again. */
export function resetRemote(remote: RemoteName): void {
  compatible.delete(remote);
  const entry = entries.get(remote);
  if (!entry || !federation) return; // nothing was loaded yet
  void federation.then(
    ({ registerRemotes }) => registerRemotes([{ name: remote, entry }], { force: true }),
    () => undefined, // the runtime itself failed: the next load fetches it again
  );
}
