// Node side of a remote's page manifest (src/pages/manifest.json; the browser side is
// shared/src/pages/definePages.ts). The webpack config runs in Node, so the manifest is plain JSON.
const path = require('node:path');

/** The remote's exposes: each page `./<Name>` from `./src/pages/<Name>.tsx`, with a named export <Name>. */
function pageExposes(appDir) {
  const manifest = require(path.join(appDir, 'src/pages/manifest.json'));
  // src/pages/index.ts fetches only files named *Page.tsx (the test files beside them stay out).
  const misnamed = Object.keys(manifest).filter((name) => !/^[A-Z][A-Za-z0-9]*Page$/.test(name));
  if (misnamed.length) throw new Error(`Page names must be PascalCase and end in Page: ${misnamed.join(', ')}`);
  return Object.fromEntries(Object.keys(manifest).map((name) => [`./${name}`, `./src/pages/${name}.tsx`]));
}

module.exports = { pageExposes };
