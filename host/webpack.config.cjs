const { createWebpackConfig } = require('@console/shared/toolchain/webpack.cjs');

// The federation runtime and its plugins are set up in src/remotes/federation.ts.
module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'host',
  kind: 'host',
  port: 3000,
});
