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
// - `routes`: each remote page's path, from the page manifests, so the server knows the remote;
// - `shared`: for each share key the host hands out lazily (a MUI component), the files its get()
//   fetches (share-scope.json). A remote's manifest names the share keys each page consumes
//   (`metaData.consoleShared`, pageSharedKeys below), so the server can name those files too:
//   the page asks the host for them only once its code has arrived, one round trip later.
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
      // After splitChunks (STAGE_ADVANCED): the modules it moves out leave more such shims behind.
      compilation.hooks.optimizeChunks.tap({ name: 'MergeShareShimsPlugin', stage: STAGE_ADVANCED + 1 }, () => {
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
          const report = { entry, signedIn: [...signedIn], routes: this.routes, shared: lazySharedFiles(compilation) };
          compilation.emitAsset(REPORT_FILE, new sources.RawSource(`${JSON.stringify(report, null, 2)}\n`));
        },
      );
    });
  }
}

/**
 * Share key -> the files the host's get() of it fetches, from share-scope.json (emitted earlier at
 * this stage: share-scope.cjs's plugin is registered first). The keys the host's code already
 * runs (`lib`) fetch nothing and are left out.
 */
function lazySharedFiles(compilation) {
  const asset = compilation.getAsset('share-scope.json');
  if (!asset) return {};
  const files = {};
  for (const { name, assets } of JSON.parse(asset.source.source().toString()).shared) {
    if (assets.js.async.length > 0) files[name] = assets.js.async;
  }
  return files;
}

/**
 * A remote's build: the share keys each exposed page consumes as soon as its chunks load (the
 * consume-shared modules of the page's chunk group), by page name as the manifest's `exposes`
 * names it ('DashboardPage'). Written into the remote's mf-manifest.json as
 * `metaData.consoleShared`; the server names the host's files for those keys (see above).
 */
function pageSharedKeys(compilation) {
  const { chunkGraph } = compilation;
  // The container entry holds one async block per exposed module, each with its 'container exposed' dependency.
  const exposed = [...compilation.modules].flatMap((module) =>
    module.blocks.filter((block) => block.dependencies[0]?.type === 'container exposed'),
  );
  const pages = {};
  for (const block of exposed) {
    const group = chunkGraph.getBlockChunkGroup(block);
    const page = block.dependencies[0].exposedName.replace(/^\.\//, '');
    if (!group) continue;
    const keys = new Set();
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type === 'consume-shared-module') keys.add(module.options.shareKey);
      }
    }
    pages[page] = [...keys].sort();
  }
  return pages;
}

/** The page manifests of the remotes beside the host, as the host's remoteCatalog.ts imports them. */
function remotePages(hostDir) {
  const read = (remote) => require(path.join(hostDir, '..', `remote-${remote}`, 'src', 'pages', 'manifest.json'));
  return { detect: read('detect'), insights: read('insights'), threat: read('threat') };
}

module.exports = { MergeShareShimsPlugin, PreloadHintsPlugin, pageSharedKeys, remotePages, SHIMS_CHUNK };
