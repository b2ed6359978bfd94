// The same console as one bundle without federation: the benchmark's baseline only.
// Run: pnpm --filter @console/host run build:monolith  → dist-monolith/
const path = require('node:path');
const { createWebpackConfig } = require('@console/shared/toolchain/webpack.cjs');

const FEDERATED_MODULES = path.join(__dirname, 'src/remotes/remote-modules');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'host',
  kind: 'host',
  port: 3000,
  monolith: true,
  customise(config, webpack) {
    // Every import of src/remotes/remote-modules (bootstrap.tsx and RemotePage.tsx) gets the
    // monolith's version, so no federation runtime is bundled into the baseline.
    config.plugins.push(
      new webpack.NormalModuleReplacementPlugin(/(^|\/)remote-modules$/, (resource) => {
        if (path.resolve(resource.context, resource.request) === FEDERATED_MODULES) {
          resource.request = path.join(__dirname, 'monolith/remote-modules.ts');
        }
      }),
    );
  },
});
