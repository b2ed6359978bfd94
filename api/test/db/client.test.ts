// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { openDatabase } from '../../src/db/client.js'
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/lock.js'
import { pgliteTemplate, tempDir } from '../helpers.js'

describe('the DATA_DIR lock', () => {
  it('a second openDatabase on the same DATA_DIR refuses with a clear message', async () => {
    const dataDir = tempDir()
    const first = await openDatabase({ kind: 'pglite', dataDir, template: await pgliteTemplate() })
    try {
      assert.equal(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim(), String(process.pid))
      await assert.rejects(openDatabase({ kind: 'pglite', dataDir }), (error: Error) => {
        assert.ok(error instanceof DataDirLockedError)
        assert.equal(
          error.message,
          `Another console process (pid ${process.pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR`
        )
        return true
      })
    } finally {
      await first.close()
    }
    assert.equal(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME)), false, 'close releases the lock')
    const again = await openDatabase({ kind: 'pglite', dataDir })
    await again.close()
  })

  it('a lock left by a dead process is taken over', () => {
    const dataDir = tempDir()
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), '999999999\n')
    const release = acquireDataDirLock(dataDir)
    assert.equal(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim(), String(process.pid))
    release()
    assert.equal(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME)), false)
  })

  it('a garbled lock file is treated as stale', () => {
    const dataDir = tempDir()
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), 'garbage')
    acquireDataDirLock(dataDir)()
  })
})
