// The generated CycloneDX BOM the INSIGHTS upload benches send (insights-upload, insights-history).
import { IMPACTS, npmDescription, npmPackage, npmPurl } from './npm-packages.mjs';
import { prng } from './setup.mjs';

/**
 * A realistic npm-style CycloneDX 1.6 BOM, deterministic: groups, purls, licenses, properties;
 * vulnerabilities with several ratings. `vulnerable` percent of the components are the `affected`
 * [name, version] pairs (packages a feed says are vulnerable), for the feed analysis to match.
 */
export function generateBom(components, vulnerabilities, { vulnerable = 0, affected: affectedPackages = [] } = {}) {
  const r = prng(20261122);
  const licenses = [
    { license: { id: 'MIT' } },
    { license: { id: 'Apache-2.0' } },
    { license: { id: 'BSD-3-Clause' } },
    { expression: 'MIT OR Apache-2.0' },
    { license: { name: 'Custom', url: 'https://example.com/LICENSE' } },
  ];
  const list = Array.from({ length: components }, (_, i) => {
    let { group, name, version } = npmPackage(r, i);
    const affected = vulnerable > 0 && i % 100 < vulnerable;
    if (affected) {
      const [full, affectedVersion] = affectedPackages[i % affectedPackages.length];
      [group, name] = full.startsWith('@') ? full.split('/') : [undefined, full];
      version = affectedVersion;
    }
    // npm installs one package at many paths: the copies need distinct refs.
    const ref = `${group ? `${group}/` : ''}${name}@${version}${affected ? `#${i}` : ''}`;
    return {
      type: i % 50 === 0 ? 'framework' : 'library',
      ...(group ? { group } : {}),
      name,
      version,
      'bom-ref': ref,
      description: npmDescription(r, name),
      licenses: [r.pick(licenses)],
      purl: npmPurl(group, name, version),
      hashes: [{ alg: 'SHA-512', content: Array.from({ length: 128 }, () => r.int(0, 15).toString(16)).join('') }],
      properties: [
        { name: 'cdx:npm:package:path', value: `node_modules/${ref.split('@').slice(0, -1).join('@')}` },
        { name: 'cdx:npm:package:development', value: String(i % 4 === 0) },
      ],
    };
  });
  const severities = [
    ['critical', 9.8],
    ['high', 7.5],
    ['medium', 5.3],
    ['low', 3.1],
    ['info', 0],
    ['none', 0],
  ];
  const vulns = Array.from({ length: vulnerabilities }, (_, i) => {
    const [severity, score] = r.pick(severities);
    // Invented findings: CVE-2999-… is no real CVE id, so none merges with what the feed adds.
    const id = `CVE-2999-${String(10000 + i).padStart(5, '0')}`;
    return {
      id,
      'bom-ref': `vuln-${i}`,
      source: { name: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${id}` },
      ratings: [
        { source: { name: 'NVD' }, score, severity, method: 'CVSSv31', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
        ...(i % 2 === 0 ? [{ source: { name: 'ghsa' }, severity }] : []),
      ],
      cwes: [r.pick([79, 89, 20, 400, 502, 1321])],
      description: `A flaw in ${list.length ? r.pick(list).name : 'a package'} allows a remote attacker to cause ${r.pick(IMPACTS)} through crafted input.`,
      recommendation: 'Upgrade to the latest patched version.',
      advisories: [
        { url: `https://github.com/advisories/GHSA-${i}` },
        { title: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${id}` },
      ],
      published: '2023-03-01T00:00:00Z',
      updated: '2024-01-15T00:00:00Z',
      affects: list.length ? Array.from({ length: r.int(1, 3) }, () => ({ ref: r.pick(list)['bom-ref'] })) : [],
    };
  });
  return {
    $schema: 'http://cyclonedx.org/schema/bom-1.6.schema.json',
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
    version: 1,
    metadata: {
      timestamp: '2026-11-22T12:00:00Z',
      tools: { components: [{ type: 'application', group: '@cyclonedx', name: 'cyclonedx-npm', version: '1.19.0' }] },
      component: { type: 'application', name: 'bench-app', version: '1.0.0', 'bom-ref': 'bench-app@1.0.0' },
    },
    components: list,
    vulnerabilities: vulns,
  };
}
