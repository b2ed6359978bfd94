// What the INSIGHTS benches' generated SBOMs are made of: npm-style packages (names, versions,
// descriptions, purls) and the words of invented findings. Every value is drawn from the bench's
// seeded generator in a fixed order, so a seed gives the same SBOM on every run.

/** The words package names and invented texts are made of. */
export const WORDS = [
  'core',
  'utils',
  'parser',
  'http',
  'stream',
  'crypto',
  'json',
  'yaml',
  'cli',
  'log',
  'cache',
  'auth',
  'xml',
  'date',
  'fs',
  'net',
];

/** What an invented finding lets an attacker cause. */
export const IMPACTS = ['denial of service', 'prototype pollution', 'code execution', 'information disclosure'];

/** Package `i`: a third of them scoped (`group` is null otherwise), the index in the name keeps names apart. */
export function npmPackage(r, i) {
  const group = i % 3 === 0 ? `@${r.pick(WORDS)}` : null;
  const name = `${r.pick(WORDS)}-${r.pick(WORDS)}-${i}`;
  const version = `${r.int(0, 12)}.${r.int(0, 30)}.${r.int(0, 40)}`;
  return { group, name, version };
}

export const npmDescription = (r, name) =>
  `The ${name} package: ${r.pick(WORDS)} helpers for ${r.pick(WORDS)} and ${r.pick(WORDS)} handling in Node.js applications.`;

export const npmPurl = (group, name, version) => `pkg:npm/${group ? `${encodeURIComponent(group)}/` : ''}${name}@${version}`;
