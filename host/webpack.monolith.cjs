// The same console as one bundle without federation: the benchmark's baseline only.
// Run: npx webpack --config webpack.monolith.cjs --mode production  → dist-monolith/
const path = require('node:path');
const { createWebpackConfig } = require('@console/shared/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'host',
  kind: 'host',
  port: 3000,
  monolith: true,
  customise(config, webpack) {
    config.plugins.push(
      new webpack.NormalModuleReplacementPlugin(/^\.\/remote-modules$/, (resource) => {
        if (resource.context === path.join(__dirname, 'src/remotes')) {
          resource.request = path.join(__dirname, 'monolith/remote-modules.ts');
        }
      }),
    );
  },
});
