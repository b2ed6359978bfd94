// A second origin (127.0.0.1, another port) serving a folder the way a static host or CDN serves
// an uploaded remote: plain files, CORS open to the console. Files are read on every request, so a
// test can redeploy (rewrite) a remote while it runs.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sirv from 'sirv';
import { ROOT } from './server.mjs';

export async function startRemoteOrigin() {
  const folder = mkdtempSync(join(tmpdir(), 'console-e2e-cdn-'));
  const files = sirv(folder, {
    dev: true,
    setHeaders: (res) => res.setHeader('Access-Control-Allow-Origin', '*'),
  });
  const server = createServer((req, res) => files(req, res));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    folder,
    origin: `http://127.0.0.1:${server.address().port}`,
    /** Copies a built remote (e.g. 'remote-detect') to `path` of this origin, as an upload does. */
    upload(app, path) {
      cpSync(join(ROOT, app, 'dist'), join(folder, path), { recursive: true });
    },
    /** Rewrites the manifest at `path`: what a differently built remote deployed there looks like. */
    editManifest(path, edit) {
      const file = join(folder, path, 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      edit(manifest);
      writeFileSync(file, JSON.stringify(manifest, null, 2));
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
