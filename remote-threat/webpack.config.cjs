const { createWebpackConfig } = require('@console/shared/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'threat',
  kind: 'remote',
  port: 3003,
  // The host's contract: each page is exposed as './<Page>' with a named export <Page>.
  exposes: {
    './ThreatLandscapePage': './src/pages/ThreatLandscapePage.tsx',
  },
});
