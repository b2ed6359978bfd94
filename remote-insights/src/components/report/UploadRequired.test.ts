/**
 * @jest-environment node
 */
import { NO_FILES, uploadCommand } from './UploadRequired';

// Node's modules without @types/node in this package (as testing/sharedData.ts does).
interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  encoding: 'utf8';
  stdio: string[];
}
const { execFileSync } = jest.requireActual<{ execFileSync(file: string, args: string[], options?: RunOptions): string }>(
  'node:child_process',
);
const { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = jest.requireActual<{
  chmodSync(path: string, mode: number): void;
  mkdirSync(path: string): void;
  mkdtempSync(prefix: string): string;
  rmSync(path: string, options: { recursive: boolean; force: boolean }): void;
  writeFileSync(path: string, text: string): void;
}>('node:fs');
const { tmpdir } = jest.requireActual<{ tmpdir(): string }>('node:os');
const path = jest.requireActual<{ join(...parts: string[]): string }>('node:path');

// The copyable upload command, run by a real shell in a folder with bom.json only, audit.json only,
// both or neither. A stand-in `curl` first on PATH prints the arguments it was given, one a line:
// what the real curl would send (a missing `-F x=@file` makes it fail with exit 26).

const ORIGIN = 'http://127.0.0.1:8080';
const TOKEN = 'rt_abcdefghijklmnopqrstuvwxyz012345';

describe('the upload command', () => {
  let root: string;
  let bin: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'upload-command-'));
    bin = path.join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'curl'), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n');
    chmodSync(path.join(bin, 'curl'), 0o755);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function run(shell: string, files: string[]): { status: number; stdout: string; stderr: string } {
    const folder = mkdtempSync(path.join(root, 'scan-'));
    for (const file of files) writeFileSync(path.join(folder, file), '{}');
    try {
      const stdout = execFileSync(shell, ['-c', uploadCommand(ORIGIN, TOKEN)], {
        cwd: folder,
        env: { PATH: `${bin}:/usr/bin:/bin` },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { status: 0, stdout, stderr: '' };
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      return { status: failed.status, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  const curlArgs = (files: string[]) => [
    '-sS',
    '--fail-with-body',
    '-w',
    '\\n',
    '-H',
    `X-API-Key: ${TOKEN}`,
    ...files,
    `${ORIGIN}/api/v1/insights/cli/scan`,
  ];

  it.each(['sh', 'bash'])('sends only the files that exist (%s)', (shell) => {
    expect(run(shell, ['bom.json']).stdout.split('\n').slice(0, -1)).toEqual(curlArgs(['-F', 'sbom=@bom.json']));
    expect(run(shell, ['audit.json']).stdout.split('\n').slice(0, -1)).toEqual(curlArgs(['-F', 'audit=@audit.json']));
    expect(run(shell, ['bom.json', 'audit.json']).stdout.split('\n').slice(0, -1)).toEqual(
      curlArgs(['-F', 'sbom=@bom.json', '-F', 'audit=@audit.json']),
    );
  });

  it('says what is missing, and fails, in a folder with neither file (curl is not run)', () => {
    const result = run('sh', []);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(NO_FILES);
  });
});
