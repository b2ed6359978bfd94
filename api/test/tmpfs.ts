import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { tempDir } from './helpers.js'

export type Tmpfs = { dir: string; unmount: () => void } | { skip: string }

const mounted = new Set<string>()
process.on('exit', () => {
  for (const dir of mounted) {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
    } catch {
      /* already gone */
    }
  }
})

/**
 * A small real file system (tmpfs) to fill up: a full disk as the console meets it, no mock.
 * Needs root (CAP_SYS_ADMIN); otherwise says why, for the test's skip reason.
 */
export function mountTmpfs(sizeMb: number): Tmpfs {
  const dir = tempDir('console-tmpfs-')
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'pipe' })
  } catch (error) {
    const why = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message)
      .trim()
      .split('\n')[0]
    return { skip: `cannot mount a small tmpfs to fill up (needs root): ${why}` }
  }
  mounted.add(dir)
  return {
    dir,
    unmount: () => {
      mounted.delete(dir)
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
    }
  }
}

/** Fills the file system under `dir` to its last block with `dir/filler`; returns the filler's path. */
export function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler')
  const chunk = Buffer.alloc(1024 * 1024)
  const fd = fs.openSync(filler, 'w')
  try {
    for (;;) fs.writeSync(fd, chunk)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    fs.closeSync(fd)
  }
  // The last partial block too.
  try {
    for (;;) fs.appendFileSync(filler, Buffer.alloc(4096))
  } catch {
    /* full */
  }
  return filler
}
