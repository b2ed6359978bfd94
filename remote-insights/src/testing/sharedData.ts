// Where the team's third-party reference data lives: ../shared/data beside the repository (CI has
// it). Real SBOMs made by other tools are read from there, never copied into the repository; a
// test that needs them is skipped, saying why, where the folder is absent.

interface NodeFs {
  existsSync(path: string): boolean;
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string): string[];
}
interface NodePath {
  resolve(...parts: string[]): string;
  join(...parts: string[]): string;
}
declare const __dirname: string;
declare const process: { env: Record<string, string | undefined> };

const fs = jest.requireActual<NodeFs>('node:fs');
const path = jest.requireActual<NodePath>('node:path');

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** `CONSOLE_SHARED_DATA` points elsewhere, e.g. at a missing folder to check the skips. */
export const SHARED_DATA = path.resolve(REPO_ROOT, process.env.CONSOLE_SHARED_DATA ?? path.join('..', 'shared', 'data'));

export const sharedData = (...parts: string[]): string => path.join(SHARED_DATA, ...parts);

/** The JSON files of a folder under ../shared/data, by name. */
export const sharedJsonFiles = (...parts: string[]): string[] =>
  fs
    .readdirSync(sharedData(...parts))
    .filter((file) => file.endsWith('.json'))
    .sort();

export const readSharedJson = <T = unknown>(...parts: string[]): T =>
  JSON.parse(fs.readFileSync(sharedData(...parts), 'utf8')) as T;

/** `describe` when ../shared/data/<parts> exists; otherwise skipped, with the reason on the console. */
export function describeWithSharedData(name: string, parts: string[], body: () => void): void {
  if (fs.existsSync(sharedData(...parts))) {
    describe(name, body);
    return;
  }
  console.log(`Skipped "${name}": needs ${sharedData(...parts)} (third-party data, not in the repository)`);
  describe.skip(name, body);
}
