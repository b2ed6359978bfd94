// What a build records about itself for release trains: its version and build time, and the
// contract between the host and a remote (which versions of the page's singletons and of the
// federation runtime a remote needs, which ones the host provides). Everything is derived from
// the app's package.json, so there is one source of truth per app.
const fs = require('node:fs');
const path = require('node:path');

const WORKSPACE_ROOT = path.resolve(__dirname, '../..');

/** Key of the federation runtime in a contract (the host's runtime core runs every remote). */
const RUNTIME = '@module-federation/runtime';

/**
 * The contract, in the order a refusal names the first unmet requirement. `from` is the
 * dependency of the app's package.json whose version stands for the entry (the runtime core is
 * released in lockstep with @module-federation/enhanced, the build plugin).
 */
const CONTRACT = [
  { name: 'react' },
  { name: 'react-dom' },
  { name: '@mui/material' },
  { name: '@console/shared' },
  { name: RUNTIME, from: '@module-federation/enhanced' },
  { name: 'react-router' },
  { name: 'react-router-dom' },
  { name: '@emotion/react' },
  { name: '@emotion/styled' },
  { name: 'swr' },
  { name: 'axios' },
];

/** Exact versions from the pnpm catalog: apps declare `catalog:`, which webpack cannot read. */
function readCatalog() {
  const text = fs.readFileSync(path.join(WORKSPACE_ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const block = text.split(/^catalog:\s*$/m)[1] ?? '';
  const versions = {};
  for (const line of block.split('\n')) {
    if (/^\S/.test(line)) break;
    const match = line.match(/^\s+'?([^':]+)'?:\s*'?([^'\s]+)'?/);
    if (match) versions[match[1]] = match[2];
  }
  return versions;
}

/** The version of a workspace package (`workspace:*` resolves to it). */
function workspaceVersion(name) {
  const folder = { '@console/shared': 'shared' }[name];
  if (!folder) throw new Error(`${name} is not a workspace package the contract knows`);
  return JSON.parse(fs.readFileSync(path.join(WORKSPACE_ROOT, folder, 'package.json'), 'utf8')).version;
}

/** The exact version a dependency specifier of the app stands for. */
function resolveSpec(name, spec, catalog) {
  if (spec === 'catalog:') return catalog[name];
  if (spec.startsWith('workspace:')) return workspaceVersion(name);
  return spec;
}

function readPackage(appDir) {
  return JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
}

/**
 * The exact version of every contract entry the app builds with, from its package.json
 * (dependencies or devDependencies). A remote needs `^` of each; the host provides each.
 * @returns {Record<string, string>}
 */
function contractVersions(appDir) {
  const pkg = readPackage(appDir);
  const specs = { ...pkg.devDependencies, ...pkg.dependencies };
  const catalog = readCatalog();
  const versions = {};
  for (const { name, from = name } of CONTRACT) {
    const spec = specs[from];
    if (!spec) throw new Error(`${pkg.name} must depend on ${from} (part of the host/remote contract)`);
    const version = resolveSpec(from, spec, catalog);
    if (!/^\d+\.\d+\.\d+/.test(version ?? '')) {
      throw new Error(`${pkg.name}: ${from} must be pinned to one version (got "${spec}")`);
    }
    versions[name] = version;
  }
  return versions;
}

/** Semver-compatible with what the remote was built and tested with. */
function requirementOf(version) {
  return `^${version}`;
}

/** Recorded by a remote's build in mf-manifest.json, `metaData.console`. */
function remoteRelease(appDir, name, buildTime = new Date()) {
  const versions = contractVersions(appDir);
  return {
    name,
    version: readPackage(appDir).version,
    buildTime: buildTime.toISOString(),
    requires: Object.fromEntries(Object.entries(versions).map(([key, v]) => [key, requirementOf(v)])),
  };
}

/** Built into the host (CONSOLE_BUILD) and written beside it as build-info.json. */
function hostRelease(appDir, buildTime = new Date()) {
  return {
    name: 'host',
    version: readPackage(appDir).version,
    buildTime: buildTime.toISOString(),
    provides: contractVersions(appDir),
  };
}

module.exports = { CONTRACT, RUNTIME, readCatalog, contractVersions, requirementOf, remoteRelease, hostRelease };
