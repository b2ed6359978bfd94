const { createWebpackConfig } = require('@console/shared/toolchain/webpack.cjs');
const { pageExposes } = require('@console/shared/toolchain/pages.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'insights',
  kind: 'remote',
  port: 3002,
  // The host's contract: each page of src/pages/manifest.json is exposed as './<Page>' with a
  // named export <Page>.
  exposes: pageExposes(__dirname),
});
