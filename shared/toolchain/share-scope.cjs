// The host's share scope, generated at build time.
//
// The host is bundled like one ordinary app: its own imports of react, MUI, swr, ... are plain
// modules (tree-shaken, in a few chunks), and no federation runtime is fetched for /login. On the
// first visit of a remote's page, host/src/remotes/federation.ts fetches the runtime and calls
// init() with `shared` from `console-share-scope`, which this loader generates from the same share
// keys the remotes consume (sharedModules in webpack.cjs): each entry hands out the host's own copy,
// the libraries the shell already runs as `lib`, every other subpath of a prefix key (all of
// `@mui/material/*`, `react-dom/client`, `swr/*`) as a lazy chunk of the host. A remote therefore
// never fetches a copy of a shared module of its own, nor the MUI internals such a copy drags in.
// A production remote has no such copies (webpack.cjs, remoteSharedModules): a remote that
// consumes a key this host does not provide is refused by the contract check, before it loads.
//
// The remotes are built with `experiments.externalRuntime` (their remoteEntry.js holds no copy of
// the runtime core); `runtimePlugins` here publishes the host's copy before any remote loads.
const path = require('node:path');

const PLACEHOLDER = path.join(__dirname, 'share-scope.js');
const REPORT_FILE = 'share-scope.json';

/** The subpaths a prefix key such as '@mui/material/' stands for: the package's exports map, minus server and test builds. */
function subpaths(appRequire, prefix) {
  const pkg = prefix.slice(0, -1);
  const { exports = {} } = appRequire(`${pkg}/package.json`);
  return (
    Object.keys(exports)
      .filter((key) => key.startsWith('./') && key !== './package.json' && !key.includes('*'))
      .filter((key) => !/(^|[./])(server|static|test-utils|profiling|unstable_testing)([./]|$)/.test(key))
      // MUI's Pigment CSS variants need a package the console does not install.
      .filter((key) => !key.startsWith('./Pigment'))
      .map((key) => `${pkg}/${key.slice(2)}`)
  );
}

/**
 * One entry per module the host offers: `eager` ones are imported statically (the shell already
 * runs them), the others through import().
 * @param {(request: string) => any} appRequire
 * @param {Record<string, {requiredVersion: string, version?: string, singleton?: boolean, strictVersion?: boolean}>} shared
 *   the share keys; the host provides `version`, else the exact `requiredVersion`
 */
function shareScopeEntries(appRequire, shared, lazy = []) {
  const entries = [];
  for (const [request, { version, shareKey, ...shareConfig }] of Object.entries(shared)) {
    const provided = version ?? shareConfig.requiredVersion;
    if (request.endsWith('/')) {
      for (const subpath of subpaths(appRequire, request)) {
        entries.push({ key: subpath, request: subpath, version: provided, shareConfig, eager: false });
      }
    } else {
      // A key matched by file (its request an absolute path) names its share key.
      const key = shareKey ?? request;
      entries.push({ key, request, version: provided, shareConfig, eager: !lazy.includes(request) });
    }
  }
  return entries;
}

/** Module file -> the share keys it is provided under (filled by the loader, read by the report). */
const keysByFile = new Map();

/**
 * webpack loader: replaces share-scope.js with the generated module. Each request is resolved
 * here from the host's folder with the build's own resolver (aliases included), so the module
 * provided is the very one the host's code imports.
 */
async function shareScopeLoader() {
  const callback = this.async();
  const { entries, context, runtimeCorePlugin } = this.getOptions();
  const resolve = this.getResolve({ dependencyType: 'esm' });
  try {
    const files = await Promise.all(entries.map((entry) => resolve(context, entry.request)));
    entries.forEach((entry, i) => {
      if (!keysByFile.has(files[i])) keysByFile.set(files[i], []);
      if (!keysByFile.get(files[i]).includes(entry.key)) keysByFile.get(files[i]).push(entry.key);
    });
    callback(null, generate(entries, files, runtimeCorePlugin));
  } catch (error) {
    callback(error);
  }
}

/**
 * MUI's compound components, whose parts a page uses together (a Table with its TableBody, TableRow
 * and TableCell): each family is one lazy chunk instead of one per part, a request per part fewer
 * (bench/bundle-size.mjs: the dashboard 43 scripts and 476.8 KB gzip before, 33 and 470.6 after;
 * the Threat Landscape 2 KB more). Not every name prefix: a page with a Button needs no ButtonGroup.
 */
const COMPOUND_FAMILIES = ['Accordion', 'Card', 'Dialog', 'Form', 'Input', 'List', 'Table', 'Toggle'];

function familyChunk(key) {
  const family = /^@mui\/material\/([A-Z][a-z]+)/.exec(key)?.[1];
  return COMPOUND_FAMILIES.includes(family) ? `mui-${family.toLowerCase()}` : undefined;
}

function generate(entries, files, runtimeCorePlugin) {
  const configs = [];
  const configId = (config) => {
    const json = JSON.stringify(config);
    if (!configs.includes(json)) configs.push(json);
    return `c${configs.indexOf(json)}`;
  };
  const imports = [];
  const lines = entries.map((entry, i) => {
    const head = `${JSON.stringify(entry.key)}: { version: ${JSON.stringify(entry.version)}, shareConfig: ${configId(entry.shareConfig)}`;
    if (entry.eager) {
      // A namespace object is what a remote's import of a shared module expects; for a CommonJS
      // module (react) webpack's namespace carries its exports and `default`.
      imports.push(`import * as m${i} from ${JSON.stringify(files[i])};`);
      return `  ${head}, lib: () => m${i} },`;
    }
    const family = familyChunk(entry.key);
    const name = family ? `/* webpackChunkName: ${JSON.stringify(family)} */ ` : '';
    return `  ${head}, get: lazy(() => import(${name}${JSON.stringify(files[i])})) },`;
  });
  return [
    '// Generated by shared/toolchain/share-scope.cjs from the share keys in shared/toolchain/webpack.cjs.',
    ...imports,
    `import runtimeCorePlugin from ${JSON.stringify(runtimeCorePlugin)};`,
    'const lazy = (load) => () => load().then((module) => () => module);',
    ...configs.map((json, i) => `const c${i} = ${json};`),
    'export const shared = {',
    ...lines,
    '};',
    'export const runtimePlugins = [runtimeCorePlugin()];',
    '',
  ].join('\n');
}

/**
 * Writes share-scope.json beside the build: for every share key, the files that hold the host's
 * copy (`sync`: the chunks the module is in; `async`: the files its get() fetches), in the shape of the
 * `shared` list of a remote's mf-stats.json, so bench/bundle-size.mjs can tell whose copy a
 * fetched file is.
 */
class ShareScopeReportPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ShareScopeReportPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShareScopeReportPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph, moduleGraph } = compilation;
          const scope = [...compilation.modules].find((module) => module.resource === PLACEHOLDER);
          if (!scope) return;
          const jsFiles = (chunks) =>
            [...new Set([...chunks].flatMap((chunk) => [...chunk.files]))].filter((f) => f.endsWith('.js')).sort();
          const report = new Map();
          const add = (request, kind, files) => {
            for (const key of keysByFile.get(request) ?? []) {
              if (!report.has(key)) report.set(key, { name: key, assets: { js: { sync: [], async: [] } } });
              const list = report.get(key).assets.js[kind];
              for (const file of files) if (!list.includes(file)) list.push(file);
            }
          };
          // A module concatenated into another one has no chunks of its own: those of its holder.
          const holders = new Map();
          for (const module of compilation.modules) for (const inner of module.modules ?? []) holders.set(inner, module);
          const filesOf = (dep) => {
            const module = moduleGraph.getModule(dep);
            return module ? jsFiles(chunkGraph.getModuleChunks(holders.get(module) ?? module)) : [];
          };
          for (const dep of scope.dependencies) if (dep.request) add(dep.request, 'sync', filesOf(dep));
          for (const block of scope.blocks) {
            const [dep] = block.dependencies;
            const group = chunkGraph.getBlockChunkGroup(block);
            add(dep.request, 'sync', filesOf(dep));
            add(dep.request, 'async', jsFiles(group ? group.chunks : []));
          }
          const json = JSON.stringify({ shared: [...report.values()] }, null, 2);
          compilation.emitAsset(REPORT_FILE, new sources.RawSource(`${json}\n`));
        },
      );
    });
  }
}

/**
 * The host's part of the build: the alias and loader that generate `console-share-scope`, and the report.
 * @param {object} options
 * @param {string} options.appDir                       the host's folder
 * @param {(request: string) => any} options.appRequire  require() from the host's folder
 * @param {object} options.shared                         the share keys (sharedModules())
 * @param {string[]} [options.lazy]                       keys handed out as a lazy chunk although not a prefix
 */
function hostShareScope({ appDir, appRequire, shared, lazy }) {
  // Resolved from the federation plugin's own folder, like its `provideExternalRuntime` option does.
  const runtimeCorePlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
    paths: [path.dirname(appRequire.resolve('@module-federation/enhanced'))],
  });
  return {
    alias: { 'console-share-scope$': PLACEHOLDER },
    rule: {
      test: PLACEHOLDER,
      use: [
        {
          loader: __filename,
          options: {
            entries: shareScopeEntries(appRequire, shared, lazy),
            context: appDir,
            // Its ESM build: the one webpack would pick for an import.
            runtimeCorePlugin: path.join(path.dirname(runtimeCorePlugin), 'index.js'),
          },
        },
      ],
    },
    plugin: new ShareScopeReportPlugin(),
  };
}

module.exports = shareScopeLoader;
module.exports.hostShareScope = hostShareScope;
module.exports.SHARE_SCOPE_MODULE = PLACEHOLDER;
