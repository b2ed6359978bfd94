// Node side of a remote's page manifest (src/pages/manifest.json; the browser side is
// shared/src/pages/definePages.ts). The webpack config runs in Node, so the manifest is plain JSON.
const path = require('node:path');

/** The remote's exposes: each page `./<Name>` from `./src/pages/<Name>.tsx`, with a named export <Name>. */
function pageExposes(appDir) {
  const manifest = require(path.join(appDir, 'src/pages/manifest.json'));
  return Object.fromEntries(Object.keys(manifest).map((name) => [`./${name}`, `./src/pages/${name}.tsx`]));
}

module.exports = { pageExposes };
