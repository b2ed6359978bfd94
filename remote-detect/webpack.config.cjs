const { createWebpackConfig } = require('@console/shared/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'detect',
  kind: 'remote',
  port: 3001,
  // The host's contract: each page is exposed as './<Page>' with a named export <Page>.
  exposes: {
    './DashboardPage': './src/pages/DashboardPage.tsx',
    './DeviceDetailPage': './src/pages/DeviceDetailPage.tsx',
    './AgentsPage': './src/pages/AgentsPage.tsx',
    './AgentDetailPage': './src/pages/AgentDetailPage.tsx',
    './AlertDetailPage': './src/pages/AlertDetailPage.tsx',
    './ApiKeysPage': './src/pages/ApiKeysPage.tsx',
  },
});
