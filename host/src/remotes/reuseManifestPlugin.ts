import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The runtime reads each remote's manifest (its files) through this hook: it gets the copy the
 * contract check has just read, instead of a second request for the same file after the check
 * (one round trip less before the remote's code is fetched). Without a copy the runtime
 * fetches the manifest itself; when the check's read failed, this hook reads it again.
 */
export default function reuseManifestPlugin(take: (url: string) => Promise<unknown> | undefined): ModuleFederationRuntimePlugin {
  return {
    name: 'console-reuse-manifest',
    fetch(url, init) {
      const manifest = take(url);
      if (manifest === undefined) return undefined;
      return manifest.then(
        (json) => new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } }),
        () => fetch(url, init),
      );
    },
  };
}
