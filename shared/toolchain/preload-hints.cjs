// The host's first-load hints, written at build time as preload.json beside index.html.
//
// A cold signed-in page used to fetch its code in a chain: index.html, main.js (run), then the
// shell and the federation runtime, the remote's manifest, its remoteEntry.js and page chunks, then
// the MUI modules the page asks the host for. The API server reads preload.json and names the
// files of that chain in a `Link: rel=preload` header of the page (api/src/lib/preload-hints.ts),
// so they download while main.js does. preload.json lists:
// - `entry`: the entry chunk files (main.js), first, so the preloads never queue ahead of it;
// - `signedIn`: the small chunks at the end of that chain that every remote page runs (the
//   federation runtime, the contract check and the share scope's re-export shims, see below).
//   Not the libraries the shell needs too (~120 KB): under a slow network they would share the
//   bandwidth with main.js, which everything waits for; the host fetches them as soon as main.js
//   runs (preloadRoute.ts), the remote's files and these are then already there;
// - `routes`: each remote page's path, from the page manifests, so the server knows the remote.
// Only file names: what the page runs is still decided by its code; a stale or unused hint only
// costs a download.
const path = require('node:path');

const REPORT_FILE = 'preload.json';
/** The host's chunks, named with webpackChunkName, that every remote page loads. */
const SIGNED_IN_CHUNKS = ['federation', 'contract'];
/** The merged re-export shims (MergeShareShimsPlugin). */
const SHIMS_CHUNK = 'share-shims';
/** A chunk of one module this small only re-exports a module the host has in another chunk. */
const SHIM_MAX_BYTES = 1500;

/**
 * The share scope hands out each MUI component as `import()` of its index module. When the host's
 * own code already bundles the component, that chunk holds only the index module re-exporting it
 * (~220 bytes), and a remote page asking for 25 components made 25 requests one round trip after
 * its code ran. These one-module chunks, reached only through the share scope, become one chunk.
 */
class MergeShareShimsPlugin {
  constructor(placeholder) {
    this.placeholder = placeholder;
  }

  apply(compiler) {
    const { STAGE_ADVANCED } = compiler.webpack.OptimizationStages;
    compiler.hooks.thisCompilation.tap('MergeShareShimsPlugin', (compilation) => {
      let merged = false;
      compilation.hooks.optimizeChunks.tap({ name: 'MergeShareShimsPlugin', stage: STAGE_ADVANCED }, () => {
        if (merged) return undefined;
        merged = true;
        const { chunkGraph } = compilation;
        const scope = [...compilation.modules].find((module) => module.resource === this.placeholder);
        if (!scope) return undefined;
        const scopeGroups = new Set(scope.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)).filter(Boolean));
        const shims = [...compilation.chunks].filter(
          (chunk) =>
            !chunk.canBeInitial() &&
            chunkGraph.getNumberOfChunkModules(chunk) === 1 &&
            chunkGraph.getChunkSize(chunk, { chunkOverhead: 0 }) <= SHIM_MAX_BYTES &&
            [...chunk.groupsIterable].every((group) => scopeGroups.has(group)),
        );
        if (shims.length < 2) return undefined;
        const [target, ...rest] = shims;
        for (const chunk of rest) {
          if (!chunkGraph.canChunksBeIntegrated(target, chunk)) continue;
          chunkGraph.integrateChunks(target, chunk);
          compilation.chunks.delete(chunk);
        }
        target.name = SHIMS_CHUNK;
        compilation.namedChunks.set(SHIMS_CHUNK, target);
        return undefined;
      });
    });
  }
}

/** `path` of a page manifest ('/devices/:uid') as the server matches it. */
function routesOf(pagesByRemote) {
  return Object.entries(pagesByRemote).flatMap(([remote, pages]) =>
    Object.entries(pages).map(([page, { path: route }]) => ({ path: route, remote, page })),
  );
}

class PreloadHintsPlugin {
  /** @param {Record<string, Record<string, {path: string}>>} pagesByRemote each remote's page manifest */
  constructor(pagesByRemote) {
    this.routes = routesOf(pagesByRemote);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PreloadHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the real content hashes: the names are the files' final names.
        { name: 'PreloadHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const js = (chunks) => [...chunks].flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
          const entry = js(compilation.entrypoints.get('main')?.chunks ?? []);
          const signedIn = new Set();
          for (const name of SIGNED_IN_CHUNKS) {
            // The named chunk alone: its group also holds the big libraries the shell needs too.
            const chunk = compilation.namedChunks.get(name);
            if (!chunk) throw new Error(`preload hints: no chunk named ${name} (webpackChunkName)`);
            for (const file of js([chunk])) signedIn.add(file);
          }
          const shims = compilation.namedChunks.get(SHIMS_CHUNK);
          if (shims) for (const file of js([shims])) signedIn.add(file);
          for (const file of entry) signedIn.delete(file);
          const report = { entry, signedIn: [...signedIn], routes: this.routes };
          compilation.emitAsset(REPORT_FILE, new sources.RawSource(`${JSON.stringify(report, null, 2)}\n`));
        },
      );
    });
  }
}

/** The page manifests of the remotes beside the host, as the host's remoteCatalog.ts imports them. */
function remotePages(hostDir) {
  const read = (remote) => require(path.join(hostDir, '..', `remote-${remote}`, 'src', 'pages', 'manifest.json'));
  return { detect: read('detect'), insights: read('insights'), threat: read('threat') };
}

module.exports = { MergeShareShimsPlugin, PreloadHintsPlugin, remotePages, SHIMS_CHUNK };
