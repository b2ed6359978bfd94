import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { scannerScript } from '../scanner/script.js'
import type { FileTree } from './system-trees.js'

const run = promisify(execFile)

/**
 * Our scanner's output on a fixture tree: the tree is written to a temporary folder and
 * console-scan — the very script GET /api/v1/insights/cli/scanner serves — runs on it with
 * CONSOLE_SCAN_ROOT and --no-upload. Answers its bom.json, or undefined where it cannot run
 * (no POSIX sh or awk, e.g. Windows): the seed then leaves that report's SBOM out.
 */
export async function scanTree(tree: FileTree): Promise<Uint8Array | undefined> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-seed-scan-'))
  try {
    const root = path.join(dir, 'root')
    for (const [file, content] of Object.entries(tree)) {
      const target = path.join(root, file)
      await fs.mkdir(path.dirname(target), { recursive: true })
      await fs.writeFile(target, content)
    }
    const script = path.join(dir, 'console-scan')
    await fs.writeFile(script, scannerScript())
    const out = path.join(dir, 'out')
    await run('sh', [script, '--no-upload', '--out', out], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', CONSOLE_SCAN_ROOT: root, LC_ALL: 'C' },
      timeout: 120_000
    })
    return await fs.readFile(path.join(out, 'bom.json'))
  } catch {
    return undefined
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
