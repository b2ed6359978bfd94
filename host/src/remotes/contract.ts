// The contract between this host and a remote (shared/toolchain/release.cjs): the remote's manifest
// records the semver ranges it needs, this host's build the versions it provides. A remote whose
// needs are not met is refused before any of its code runs. Loaded with the first remote page.
// The ranges are read by the federation runtime's own semver matcher, which the page loads anyway
// for the shared modules: no second semver library (6 KB gzip) on every remote page.
import { satisfy } from '@module-federation/runtime-core';
import { HOST_BUILD } from './hostBuild';
import { fetchManifest } from './manifestFetch';
import { IncompatibleRemoteError } from './IncompatibleRemoteError';
import { REMOTE_LABELS, type RemoteName } from './remoteCatalog';

/** `metaData.console` of a remote's mf-manifest.json. */
export interface RemoteContract {
  name: string;
  version: string;
  buildTime: string;
  /** Semver range of each it needs, in the order a refusal names the first unmet one. */
  requires: Record<string, string>;
}

export interface UnmetRequirement {
  dependency: string;
  range: string;
  /** What this host provides; undefined when it provides no such thing. */
  provided?: string;
}

/** The first requirement this host does not satisfy, if any. */
export function unmetRequirement(
  requires: Record<string, string>,
  provides: Record<string, string>,
): UnmetRequirement | undefined {
  for (const [dependency, range] of Object.entries(requires)) {
    const provided = provides[dependency];
    if (provided === undefined || !satisfy(provided, range)) return { dependency, range, provided };
  }
  return undefined;
}

/** What a refusal tells the operator to do. */
const remedy = (label: string) => `deploy a matching ${label} or upgrade the console`;

export function refusalMessage(label: string, version: string, unmet: UnmetRequirement): string {
  const provided = unmet.provided ?? 'none';
  return `${label} ${version} needs ${unmet.dependency} ${unmet.range} — this console provides ${provided}; ${remedy(label)}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The share keys a remote's pages consume (`metaData.consoleShared`, written by its build): a
 * production remote bundles no copy of them, so each must be in this host's share scope.
 */
export function consumedShareKeys(manifest: unknown): string[] {
  const pages = isRecord(manifest) && isRecord(manifest.metaData) ? manifest.metaData.consoleShared : undefined;
  if (!isRecord(pages)) return [];
  const keys = Object.values(pages).flatMap((list) => (Array.isArray(list) ? list.map(String) : []));
  return [...new Set(keys)];
}

export function missingKeyMessage(label: string, version: string, key: string): string {
  return `${label} ${version} needs ${key}, which this console does not provide; ${remedy(label)}`;
}

/** The contract a manifest records; undefined for a remote built without one. */
export function readContract(manifest: unknown): RemoteContract | undefined {
  const info = isRecord(manifest) && isRecord(manifest.metaData) ? manifest.metaData.console : undefined;
  if (!isRecord(info) || !isRecord(info.requires) || typeof info.version !== 'string') return undefined;
  const requires = Object.fromEntries(Object.entries(info.requires).map(([name, range]) => [name, String(range)]));
  return {
    name: String(info.name ?? ''),
    version: info.version,
    buildTime: String(info.buildTime ?? ''),
    requires,
  };
}

/** The refusal message when this host cannot run a remote with this contract. */
export function refusal(
  remote: RemoteName,
  contract: Pick<RemoteContract, 'version' | 'requires'>,
  provides = HOST_BUILD.provides,
): string | undefined {
  const unmet = unmetRequirement(contract.requires, provides);
  return unmet && refusalMessage(REMOTE_LABELS[remote], contract.version, unmet);
}

/**
 * Reads the remote's manifest (or takes the read already started) and throws
 * IncompatibleRemoteError when this host cannot run it: a version out of range, or a share key
 * its pages consume that `providedKeys` (this host's share scope, once the runtime is in) lacks.
 */
export async function assertCompatible(
  remote: RemoteName,
  entry: string,
  manifest: Promise<unknown> = fetchManifest(entry),
  providedKeys: Promise<readonly string[]> = Promise.resolve([]),
): Promise<void> {
  const read = await manifest;
  const contract = readContract(read);
  if (!contract) {
    // Built before remotes recorded their needs: nothing to check against.
    console.warn(`${REMOTE_LABELS[remote]} records no contract in ${entry}; loading it unchecked`);
    return;
  }
  const message = refusal(remote, contract);
  if (message) throw new IncompatibleRemoteError(message);
  const provided = new Set(await providedKeys);
  const missing = consumedShareKeys(read).find((key) => !provided.has(key));
  if (missing) throw new IncompatibleRemoteError(missingKeyMessage(REMOTE_LABELS[remote], contract.version, missing));
}
