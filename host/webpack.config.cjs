const path = require('node:path');
const { createWebpackConfig } = require('@console/shared/build/webpack.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'host',
  kind: 'host',
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/remotes/errorLoadRemotePlugin.ts')],
});
