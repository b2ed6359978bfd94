const { createWebpackConfig } = require('@console/shared/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'insights',
  kind: 'remote',
  port: 3002,
  // The host's contract: each page is exposed as './<Page>' with a named export <Page>.
  exposes: {
    './InsightsListPage': './src/pages/InsightsListPage.tsx',
    './ReportDetailPage': './src/pages/ReportDetailPage.tsx',
  },
});
