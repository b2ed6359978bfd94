import fs from 'node:fs'
import path from 'node:path'

export const LOCK_FILE_NAME = 'console.lock'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  constructor(
    readonly pid: number,
    readonly dataDir: string
  ) {
    super(`Another console process (pid ${pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR`)
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the one-process-per-data-folder lock (PGlite is single-connection; two processes on one
 * folder corrupt it). A lock left by a dead process is removed. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, LOCK_FILE_NAME)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx')
      fs.writeSync(fd, `${process.pid}\n`)
      fs.closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath)
        } catch {
          /* already gone */
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let pid = Number.NaN
    try {
      pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10)
    } catch {
      /* vanished between open and read: retry */
    }
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(pid, dataDir)
    try {
      fs.unlinkSync(lockPath)
    } catch {
      /* another process removed it first */
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}`)
}
