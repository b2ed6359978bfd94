// The generated feed of the feed benches: osv.dev-style all.zip files of Debian-like records, and
// a static file host for them on 127.0.0.1.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ZipStream from 'zip-stream';
import { prng, withSeededDatabase } from './setup.mjs';

/** Source package names; a popular few get most advisories, as in the real feed. */
export const NAMES = 20000;
const RELEASES = ['Debian:10', 'Debian:11', 'Debian:12', 'Debian:13'];
const FILLER =
  'allows remote attackers to cause a denial of service (out-of-bounds read and application crash) or possibly have unspecified other impact via a crafted file';

function record(n, revision = 0) {
  const r = prng(n * 7919 + 17);
  const year = 2005 + (n % 20);
  const cve = `CVE-${year}-${String(10000 + n)}`;
  const pkg = `src-${Math.floor(Math.pow(r.next(), 2.5) * NAMES)}`;
  const first = r.int(0, 2);
  const releases = RELEASES.slice(first, first + r.int(2, 4 - first));
  return {
    id: `DEBIAN-${cve}`,
    modified: revision === 0 ? '2026-11-01T00:00:00Z' : `2026-11-2${revision}T00:00:00Z`,
    published: `${year}-06-01T00:00:00Z`,
    upstream: [cve],
    details: `${pkg} before the fixed version ${FILLER} (generated advisory ${n}). `.repeat(r.int(1, 4)).trim(),
    ...(r.next() < 0.6
      ? {
          severity: [
            {
              type: 'CVSS_V3',
              score: r.pick([
                'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
                'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H',
                'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N',
                'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
              ]),
            },
          ],
        }
      : {}),
    affected: releases.map((ecosystem) => {
      const release = RELEASES.indexOf(ecosystem);
      const fixed = r.next() < 0.85 ? `1.${release}.${(n + revision) % 50}-${1 + (n % 3)}+deb${10 + release}u1` : null;
      return {
        package: { name: pkg, ecosystem, purl: `pkg:deb/debian/${pkg}?arch=source` },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, ...(fixed === null ? [] : [{ fixed }])] }],
        versions: Array.from({ length: r.int(0, 10) }, (_, k) => `1.${release}.${k}-1`),
        ecosystem_specific: { urgency: r.pick(['low', 'medium', 'high', 'not yet assigned', 'unimportant']) },
        database_specific: { source: `https://storage.googleapis.com/cve-osv-conversion/osv-output/${cve}.json` },
      };
    }),
    references: [
      { type: 'ADVISORY', url: `https://security-tracker.debian.org/tracker/${cve}` },
      { type: 'WEB', url: `https://www.cve.org/CVERecord?id=${cve}` },
    ],
    schema_version: '1.7.0',
  };
}

/**
 * Writes all.zip with zip-stream (ZIP64 past 65,535 members, as osv.dev's is; yazl rescans its whole
 * entry list for every member, quadratic at this size); `changed(n)` picks the records revised.
 */
async function writeZip(file, records, changed = () => false) {
  const archive = new ZipStream({ zlib: { level: 6 } });
  const done = new Promise((resolve, reject) => archive.pipe(createWriteStream(file)).on('close', resolve).on('error', reject));
  const add = (data, name) =>
    new Promise((resolve, reject) =>
      archive.entry(data, { name, date: new Date('2026-11-01T00:00:00Z') }, (error) => (error ? reject(error) : resolve())),
    );
  for (let n = 0; n < records; n++) {
    const rec = record(n, changed(n) ? 1 : 0);
    await add(Buffer.from(JSON.stringify(rec, null, 2)), `${rec.id}.json`);
  }
  archive.finish();
  await done;
  return statSync(file).size;
}

/** A static file host on 127.0.0.1 with ETags (as the bucket answers). */
export async function startFeedServer(files) {
  const server = http.createServer((request, response) => {
    const file = files.get(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (file === undefined) return response.writeHead(404).end();
    const etag = `"${createHash('sha1')
      .update(file)
      .update(String(statSync(file).mtimeMs))
      .digest('hex')}"`;
    if (request.headers['if-none-match'] === etag) return response.writeHead(304).end();
    response.writeHead(200, { 'content-length': statSync(file).size, etag });
    createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/**
 * all.zip of `records` records and a copy with 1% of them revised, generated once and kept in the
 * temp folder for the next run (they depend only on the count).
 */
export async function cachedZips(records, log = console.log) {
  const zipA = join(tmpdir(), `console-bench-feeds-${records}-a.zip`);
  const zipB = join(tmpdir(), `console-bench-feeds-${records}-b.zip`);
  if (!existsSync(zipA) || !existsSync(zipB)) {
    const start = performance.now();
    await writeZip(`${zipA}.part`, records);
    await writeZip(`${zipB}.part`, records, (n) => n % 100 === 37);
    renameSync(`${zipA}.part`, zipA);
    renameSync(`${zipB}.part`, zipB);
    log(
      `generated all.zip and a copy with 1% of the records revised in ${((performance.now() - start) / 1000).toFixed(1)} s (kept: ${zipA})`,
    );
  }
  return { zipA, zipB };
}

/**
 * `devices` enrolled Debian 12 machines of `packages` source packages each, named like the feed's
 * records, in a seeded database at `env`: mostly patched (minor 49 is past every fix), with a tail
 * of old versions. Resolves the tenant and the device uids.
 */
export async function storeDebianDevices(env, { devices, packages }) {
  return withSeededDatabase(env, { honeynet: false, detect: false, insights: false }, async ({ db, tenantUid, schema }) => {
    const uids = [];
    for (let i = 0; i < devices; i++) {
      const [device] = await db
        .insert(schema.devices)
        .values({ tenantUid, hostname: `debian-${String(i).padStart(4, '0')}`, deviceType: 'linux' })
        .returning({ uid: schema.devices.uid });
      const d = prng(5000 + i);
      const names = new Set();
      while (names.size < packages) names.add(`src-${d.int(0, NAMES - 1)}`);
      const rows = [...names].map((name) => ({
        tenantUid,
        deviceUid: device.uid,
        name,
        sourceName: name,
        ecosystem: 'Debian:12',
        architecture: 'amd64',
        version: `1.2.${49 - Math.floor(Math.pow(d.next(), 4) * 50)}-1`,
      }));
      for (let k = 0; k < rows.length; k += 1000) await db.insert(schema.devicePackages).values(rows.slice(k, k + 1000));
      uids.push(device.uid);
    }
    return { tenantUid, uids };
  });
}
