// The one webpack configuration of the host and the remotes (federated and monolith builds).
// Plugins and loaders are resolved from the calling app, so this file needs no dependencies.
const path = require('node:path');
const { createRequire } = require('node:module');

const SHARED_PACKAGE = require('../package.json');
const { hostShareScope, SHARE_SCOPE_MODULE } = require('./share-scope.cjs');
const { MergeShareShimsPlugin, PreloadHintsPlugin, pageSharedKeys, remotePages } = require('./preload-hints.cjs');
const { hostRelease, readCatalog, remoteRelease, requirementOf } = require('./release.cjs');

// A remote accepts any semver-compatible version: the range its manifest records (release.cjs).
// The version is stated, not read from the module's package.json: the react-router keys
// resolve to facades in shared/toolchain, whose nearest package.json is @console/shared's.
const singletonOf = (version) => ({
  singleton: true,
  strictVersion: true,
  requiredVersion: requirementOf(version),
  version,
});

/**
 * Singletons of the page. MUI is shared per deep import path (`@mui/material/Button`) so
 * only the components a page uses are fetched; the code imports MUI only by such paths.
 * The host provides every key (share-scope.cjs); the remotes consume them.
 */
function sharedModules() {
  const catalog = readCatalog();
  const singleton = (pkg) => singletonOf(catalog[pkg]);
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router': singleton('react-router'),
    'react-router-dom': singleton('react-router-dom'),
    '@mui/material/': singleton('@mui/material'),
    '@emotion/react': singleton('@emotion/react'),
    '@emotion/styled': singleton('@emotion/styled'),
    swr: singleton('swr'),
    'swr/': singleton('swr'),
    axios: singleton('axios'),
    ...sharedStateModules(singletonOf(SHARED_PACKAGE.version)),
  };
}

/**
 * The modules of @console/shared that hold the page's state (a React context, the HTTP client and
 * its one refresh, the prefetched answers, ApexCharts once loaded): one instance per page, so each
 * is a share key of its own, matched by file. The rest of the package (components, hooks, formats)
 * holds none: a remote bundles what it imports of it, tree-shaken, instead of taking the whole
 * package from the host with every MUI component any of its exports uses (Tabs, Chip, Dialog, ...).
 */
const SHARED_STATE_MODULES = [
  'auth/AuthContext.ts',
  'theme/ColorModeProvider.tsx',
  'http/session.ts',
  'http/prefetch.ts',
  'http/createHttpClient.ts',
  'charts/loadApexCharts.ts',
];

function sharedStateModules(config) {
  return Object.fromEntries(
    SHARED_STATE_MODULES.map((file) => [
      path.join(__dirname, '..', 'src', file),
      { ...config, shareKey: `@console/shared/${file.replace(/\.tsx?$/, '')}` },
    ]),
  );
}

/**
 * What the host provides: every key the remotes consume, and the whole `@console/shared` for a
 * remote built when the package was one share key (as a lazy chunk: only such a remote fetches it).
 */
function hostProvidedModules() {
  return {
    shared: { ...sharedModules(), '@console/shared': singletonOf(SHARED_PACKAGE.version) },
    lazy: ['@console/shared'],
  };
}

/**
 * A production remote runs only inside a host, which provides every key it consumes (the host's
 * contract check refuses a remote needing a key it lacks): no fallback copies, whose getters made
 * up half of remoteEntry.js. The development build runs alone in its shell, with its own copies.
 */
function remoteSharedModules(dev) {
  const shared = sharedModules();
  return dev ? shared : Object.fromEntries(Object.entries(shared).map(([key, config]) => [key, { ...config, import: false }]));
}

/**
 * The host's lazy chunks (the MUI components the share scope hands out one by one, the shell's own):
 * the MUI modules four or more of them hold go to one chunk, instead of a copy in each (a remote
 * page asking for a dozen components fetched Transition, Grow or List up to four times). Four
 * measured best (bench/bundle-size.mjs): at two or three the chunk grows by what few pages use.
 */
const SHARED_MUI_CHUNK = {
  test: /[\\/]@mui[\\/]/,
  chunks: 'async',
  minChunks: 4,
  minSize: 0,
  name: 'mui-shared',
  priority: 5,
  reuseExistingChunk: true,
};

/**
 * The host's version, build time and provided contract: compiled in as CONSOLE_BUILD (what the
 * running page checks remotes against) and written as build-info.json (what /remotes.json reports).
 */
function hostReleasePlugins(webpack, appDir) {
  const release = hostRelease(appDir);
  const json = JSON.stringify(release, null, 2);
  return [
    new webpack.DefinePlugin({ CONSOLE_BUILD: json }),
    {
      apply(compiler) {
        compiler.hooks.thisCompilation.tap('ConsoleBuildInfo', (compilation) => {
          const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
          compilation.hooks.processAssets.tap({ name: 'ConsoleBuildInfo', stage }, () => {
            compilation.emitAsset('build-info.json', new webpack.sources.RawSource(`${json}\n`));
          });
        });
      },
    },
  ];
}

/**
 * `react-router` and `react-router-dom` (v7 re-exports react-router) both resolve to one facade
 * listing the client-side API the console uses, so the shared module is tree-shaken (see
 * react-router.mjs). The share keys stay both package names: code may import either.
 */
function reactRouterAliases(appRequire, dev) {
  const pkgDir = path.dirname(appRequire.resolve('react-router/package.json'));
  return {
    'react-router$': path.join(__dirname, 'react-router.mjs'),
    'react-router-dom$': path.join(__dirname, 'react-router-dom.mjs'),
    // The package's exports map only names its development build; production drops the dev warnings.
    'console-react-router-impl$': path.join(pkgDir, `dist/${dev ? 'development' : 'production'}/index.mjs`),
  };
}

/**
 * The federation runtime asks for the entry file name before content hashes exist, only to
 * learn its folder depth; answer with the same folder then and the hashed name later.
 */
function hashedEntryFilename(pathData) {
  return pathData.chunk?.contentHash?.javascript ? 'js/[name].[contenthash:10].js' : 'js/[name].js';
}

/** Content-hashed files: they never change, so a stale .br or .gz beside one cannot exist. */
const HASHED_ASSET = /[.-][0-9a-f]{10}\.(js|css|svg)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every hashed asset, written beside it once at
 * build time: the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each response at brotli 4. Entry files (index.html, remoteEntry.js, the manifests)
 * are revalidated on every load and may be edited in place by an operator: compressed per request.
 */
/**
 * The minimizer webpack ships with, told to minify with SWC (already the loader's compiler) instead
 * of terser: the same kind of output, in a fraction of the time terser spent (half of each build).
 */
function swcMinimizer(appRequire) {
  const webpackRequire = require('node:module').createRequire(appRequire.resolve('webpack'));
  const MinimizerPlugin = webpackRequire('minimizer-webpack-plugin');
  return new MinimizerPlugin({
    minify: MinimizerPlugin.swcMinify,
    minimizerOptions: { compress: { passes: 2 }, mangle: true },
  });
}

function precompressed(appRequire) {
  const CompressionPlugin = appRequire('compression-webpack-plugin');
  const zlib = require('node:zlib');
  const common = { test: HASHED_ASSET, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/**
 * @param {object} app
 * @param {string} app.dir          the app folder (__dirname of its webpack config)
 * @param {string} app.name         federation name: host, detect, insights, threat
 * @param {number} app.port         dev-server port
 * @param {'host'|'remote'} app.kind
 * @param {Record<string,string>} [app.exposes]  remotes only
 * @param {boolean} [app.monolith]  one bundle without federation (benchmark only)
 * @param {(cfg: object, webpack: object) => void} [app.customise]
 */
function createWebpackConfig(app) {
  return (_env, argv = {}) => {
    const appRequire = createRequire(path.join(app.dir, 'package.json'));
    const webpack = appRequire('webpack');
    const HtmlWebpackPlugin = appRequire('html-webpack-plugin');
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const dev = mode === 'development';
    const isHost = app.kind === 'host';
    const federated = !app.monolith;
    // A remote's page (and the dev shell around it) exists only for working on it alone.
    const hasPage = isHost || dev;

    const plugins = [];
    if (hasPage) {
      plugins.push(
        new HtmlWebpackPlugin({
          template: isHost ? path.join(app.dir, 'public/index.html') : path.join(__dirname, 'dev-index.html'),
          title: isHost ? undefined : `${app.name} remote (development)`,
          favicon: isHost ? path.join(app.dir, 'public/favicon.svg') : undefined,
        }),
      );
    }
    if (isHost) plugins.push(...hostReleasePlugins(webpack, app.dir));
    let shareScope;
    if (federated && isHost) {
      // The host is no federation container: it loads the runtime itself, on the first remote
      // page, and provides its modules to the remotes (share-scope.cjs).
      shareScope = hostShareScope({ appDir: app.dir, appRequire, ...hostProvidedModules() });
      plugins.push(shareScope.plugin, new webpack.DefinePlugin({ ENV_TARGET: JSON.stringify('web') }));
      // One chunk for the share scope's re-export shims, and preload.json for the server's hints.
      plugins.push(new MergeShareShimsPlugin(SHARE_SCOPE_MODULE), new PreloadHintsPlugin(remotePages(app.dir)));
    } else if (federated) {
      const { ModuleFederationPlugin } = appRequire('@module-federation/enhanced/webpack');
      plugins.push(
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes,
          shared: remoteSharedModules(dev),
          // 'version-first' fetches every remote at start-up: one stopped remote would break the shell.
          shareStrategy: 'loaded-first',
          // Its version, build time and the contract the host checks before loading it (release.cjs).
          manifest: {
            // And the share keys each page consumes, for the server's preload hints (preload-hints.cjs).
            additionalData: ({ stats, compilation }) => {
              stats.metaData.console = remoteRelease(app.dir, app.name);
              stats.metaData.consoleShared = pageSharedKeys(compilation);
              return stats;
            },
          },
          dts: false,
          experiments: {
            optimization: { target: 'web' },
            // In production a remote is only ever loaded by the host, which publishes its runtime
            // core (share-scope.cjs); the dev build still runs alone in its development shell.
            externalRuntime: !dev,
          },
        }),
      );
    }

    if (!dev) plugins.push(...precompressed(appRequire));

    const config = {
      mode,
      context: app.dir,
      entry: hasPage ? { main: './src/index.ts' } : {},
      devtool: dev ? 'cheap-module-source-map' : false,
      output: {
        path: path.join(app.dir, app.monolith ? 'dist-monolith' : 'dist'),
        filename: dev ? '[name].js' : hashedEntryFilename,
        // Hashed in development too: a development remote's fallback copy of a state module of
        // @console/shared comes out twice under one chunk name (CommonJS and JSONP chunk formats).
        chunkFilename: dev ? '[name].[contenthash:8].js' : 'js/[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `console_${app.name}${app.monolith ? '_monolith' : ''}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: { ...reactRouterAliases(appRequire, dev), ...shareScope?.alias },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            // The workspace package is TypeScript source reached through a pnpm symlink.
            exclude: /[\\/]node_modules[\\/]/,
            use: {
              loader: appRequire.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: dev } },
                  target: 'es2022',
                },
              },
            },
            // A name missing from an import (e.g. one the react-router facade does not list)
            // fails the build instead of being undefined at run time.
            parser: { importExportsPresence: 'error' },
          },
          { test: /\.(svg|png|jpe?g|gif|ico)$/i, type: 'asset/resource' },
          ...(shareScope ? [shareScope.rule] : []),
        ],
      },
      plugins,
      optimization: {
        minimizer: [swcMinimizer(appRequire)],
        ...(shareScope && { splitChunks: { cacheGroups: { muiShared: SHARED_MUI_CHUNK } } }),
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: isHost ? { directory: path.join(app.dir, 'dev'), publicPath: '/' } : false,
        proxy: [{ context: ['/api'], target: 'http://localhost:8080', changeOrigin: false }],
      },
    };
    if (app.customise) app.customise(config, webpack);
    return config;
  };
}

module.exports = { createWebpackConfig, sharedModules, readCatalog, SHARED_STATE_MODULES };
