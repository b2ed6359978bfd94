// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { describe, it } from 'node:test'
import { IpDatabase } from '../../../src/lib/honeypot/ip-database.js'
import { ipKey, isSpecialPurpose } from '../../../src/lib/honeypot/ip-ranges.js'

// The team's reference folder beside the checkout (../shared/data from the repository root): real
// Cowrie JSON logs go in its `cowrie/` folder (`*.json`, `*.json.gz`, one event per line); COWRIE_LOG_DIR
// names another folder.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')
const folder = process.env.COWRIE_LOG_DIR ?? path.join(repoRoot, '..', 'shared', 'data', 'cowrie')
const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => /\.json(l)?(\.gz)?$/.test(name)) : []
const reason = files.length === 0 ? `no real Cowrie logs in ${folder} (*.json[.gz]); nothing to check` : undefined
if (reason !== undefined) console.log(`# skipped: ${reason}`)

describe('real Cowrie logs, enrichment stripped', { skip: reason }, () => {
  it('maps the public source addresses to an AS and a country, agreeing with the sensor where it enriched', async () => {
    const database = new IpDatabase()
    await database.load()
    let addresses = 0
    let resolved = 0
    let compared = 0
    let agreed = 0
    const seen = new Set<string>()
    for (const name of files) {
      const raw = fs.readFileSync(path.join(folder, name))
      const text = (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue
        let event: Record<string, unknown>
        try {
          event = JSON.parse(line) as Record<string, unknown>
        } catch {
          continue
        }
        const ip = typeof event.src_ip === 'string' ? event.src_ip : undefined
        const key = ip === undefined ? undefined : ipKey(ip)
        if (ip === undefined || key === undefined || isSpecialPurpose(key) || seen.has(ip)) continue
        seen.add(ip)
        addresses++
        const found = database.lookup(ip)
        if (found?.asn !== undefined && found.country !== undefined) resolved++
        const geo = (event.geoip ?? {}) as Record<string, unknown>
        if (geo.asn !== undefined && found?.asn !== undefined) {
          compared++
          if (found.asn.startsWith(`AS${String(geo.asn).replace(/^AS/i, '')} `)) agreed++
        }
      }
    }
    console.log(`# ${addresses} public addresses, ${resolved} resolved; ${agreed} of ${compared} ASNs as the sensor enriched`)
    assert.ok(addresses > 0, 'the logs hold public source addresses')
    assert.ok(resolved / addresses >= 0.95, `resolved ${resolved} of ${addresses}`)
    if (compared > 0) assert.ok(agreed / compared >= 0.9, `ASN agreed ${agreed} of ${compared}`)
  })
})
