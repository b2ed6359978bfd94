import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { clearRematchQueue, queueRematch, readRematchQueue, rematchBacklog } from '../../../src/lib/feeds/rematch-queue.js'
import { openVulnsDb, type VulnsDb } from '../vulns/vulns-helpers.js'

/** The re-match a feed change owes (a first sync of Debian names ~20,000 packages): read whole, cleared as read. */
describe('feed re-match queue', () => {
  let t: VulnsDb
  before(async () => {
    t = await openVulnsDb()
  })
  after(async () => await t?.cleanup())

  it('reads every entry across its pages and clears only what it read as it was', async () => {
    const names = new Set(Array.from({ length: 25_000 }, (_, i) => `pkg-${i}`))
    const uids = new Set(['00000000-0000-4000-8000-000000000001'])
    await queueRematch(t.db, { packageNames: names, vulnerabilityUids: uids, orphans: new Set() })
    const queued = await readRematchQueue(t.db)
    assert.equal(queued?.change.packageNames.size, 25_000, 'all three pages of package names')
    assert.deepEqual([...queued!.change.vulnerabilityUids], [...uids])
    assert.equal((await rematchBacklog(t.db)).pending, 25_001)

    // Queued again while the re-match ran: it stays for the next one.
    await queueRematch(t.db, { packageNames: new Set(['pkg-7']), vulnerabilityUids: new Set(), orphans: new Set() })
    await clearRematchQueue(t.db, queued!.entries)
    assert.deepEqual([...(await readRematchQueue(t.db))!.change.packageNames], ['pkg-7'])
  })
})
