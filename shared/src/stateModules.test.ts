/**
 * @jest-environment node
 */

// A remote bundles its own copy of every module of this package except those the build shares
// with the host (SHARED_STATE_MODULES in toolchain/webpack.cjs). A module that holds state at
// load time (a React context, a variable, a map, a client instance) must be one of those, or a
// remote would read a second, empty copy of it (no signed-in user, another refresh queue).

// Node's modules without @types/node in this package (as remote-insights' testing/sharedData.ts does).
interface NodeFs {
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string, options: { withFileTypes: true }): { name: string; isDirectory(): boolean }[];
}
interface NodePath {
  join(...parts: string[]): string;
  relative(from: string, to: string): string;
}
declare const __dirname: string;

const fs = jest.requireActual<NodeFs>('node:fs');
const path = jest.requireActual<NodePath>('node:path');
const { SHARED_STATE_MODULES } = jest.requireActual<{ SHARED_STATE_MODULES: string[] }>('../toolchain/webpack.cjs');

const SRC = __dirname;
const HOLDS_STATE = [
  /createContext\s*[<(]/,
  /^(export )?let /m,
  /^(export )?const \w+(: [^=]+)? = new (Map|Set|WeakMap|WeakSet)\b/m,
  /^(export )?const \w+ = createHttpClient\(/m,
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(SRC, file)] : [];
  });
}

it('shares with the host every module that holds state at load time, and only those', () => {
  const stateful = sources(SRC).filter((file) =>
    HOLDS_STATE.some((pattern) => pattern.test(fs.readFileSync(path.join(SRC, file), 'utf8'))),
  );
  expect(stateful.sort()).toEqual([...SHARED_STATE_MODULES].sort());
});
