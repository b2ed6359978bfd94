// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { IpDatabase } from '../../../src/lib/honeypot/ip-database.js'
import { ipKey, isSpecialPurpose } from '../../../src/lib/honeypot/ip-ranges.js'
import type { GeoLookup } from '../../../src/lib/honeypot/geoip.js'

describe('IP address keys', () => {
  it('reads IPv4, IPv6 (compressed, full, with a dotted tail) and IPv4-mapped IPv6', () => {
    assert.deepEqual(ipKey('8.8.8.8'), { v: 4, n: 0x08080808 })
    assert.deepEqual(ipKey('::ffff:8.8.8.8'), { v: 4, n: 0x08080808 })
    assert.deepEqual(ipKey('2001:4860:4860::8888'), { v: 6, words: [0x20014860, 0x48600000, 0, 0x8888] })
    assert.deepEqual(ipKey('2001:4860:4860:0:0:0:0:8888'), ipKey('2001:4860:4860::8888'))
    assert.deepEqual(ipKey('64:ff9b::192.0.2.33'), { v: 6, words: [0x0064ff9b, 0, 0, 0xc0000221] })
    assert.deepEqual(ipKey('fe80::1%eth0'), ipKey('fe80::1'))
  })

  it('refuses what is not an address', () => {
    for (const bad of [
      '',
      'unknown',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '1..2.3',
      '1234.1.1.1',
      '::1::2',
      '1:2:3:4:5:6:7:8:9',
      'g::1'
    ]) {
      assert.equal(ipKey(bad), undefined, bad)
    }
    assert.deepEqual(ipKey(' 1.2.3.4 '), { v: 4, n: 0x01020304 }, 'surrounding spaces are not part of it')
  })

  it('marks private, documentation, shared and multicast addresses as special purpose', () => {
    for (const ip of [
      '10.1.2.3',
      '172.31.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '100.64.0.1',
      '169.254.1.1',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.7',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '2001:db8::1',
      'fd00::1',
      'fe80::1',
      'ff02::1'
    ]) {
      assert.equal(isSpecialPurpose(ipKey(ip)!), true, ip)
    }
    for (const ip of ['8.8.8.8', '45.95.147.236', '2001:4860:4860::8888', '2a03:2880::1']) {
      assert.equal(isSpecialPurpose(ipKey(ip)!), false, ip)
    }
  })
})

describe('the packaged IP database (@ip-location-db)', () => {
  let lookup: GeoLookup
  let database: IpDatabase
  before(async () => {
    database = new IpDatabase()
    assert.equal(database.lookup('8.8.8.8'), undefined, 'nothing before it is loaded')
    const info = await database.load()
    console.log(`# IP database: ${JSON.stringify(info)}`)
    assert.ok(info.ranges.asnV4 > 100_000 && info.ranges.asnV6 > 10_000, 'both address families loaded')
    lookup = database.lookup
  })

  // Long-lived public addresses whose owner and country are not in doubt.
  const known: Array<[string, string, string]> = [
    ['8.8.8.8', 'AS15169 Google LLC', 'United States'],
    ['2001:4860:4860::8888', 'AS15169 Google LLC', 'United States'],
    ['2606:4700:4700::1111', 'AS13335 Cloudflare, Inc.', 'United States'],
    ['159.203.87.21', 'AS14061 DigitalOcean, LLC', 'United States'],
    ['218.92.0.112', 'AS4134 Chinanet', 'China'],
    ['45.95.147.236', 'AS49870 Alsycon B.V.', 'Netherlands'],
    ['::ffff:8.8.8.8', 'AS15169 Google LLC', 'United States']
  ]
  for (const [ip, asn, country] of known) {
    it(`maps ${ip} to ${asn}, ${country}`, () => {
      assert.deepEqual(lookup(ip), { asn, country })
    })
  }

  it('knows nothing of private, documentation and malformed addresses', () => {
    for (const ip of ['10.0.0.4', '203.0.113.7', '2001:db8::1', 'unknown', '']) assert.equal(lookup(ip), undefined, ip)
  })

  it('loads once however many ask at the same time', async () => {
    const again = await Promise.all([database.load(), database.load()])
    assert.equal(again[0], again[1])
  })
})
