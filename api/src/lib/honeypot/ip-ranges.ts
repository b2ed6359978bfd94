/**
 * Sorted IP range tables searched by bisection: IPv4 as 32-bit numbers, IPv6 as four 32-bit words
 * (no BigInt on the lookup path). Each range points at a label (an ASN name, a country) kept once.
 */

export type IpKey = { v: 4; n: number } | { v: 6; words: [number, number, number, number] }

/** Dotted-quad IPv4 to a number, by character codes (this runs for every unenriched session). */
export function ipv4Number(ip: string): number | undefined {
  let value = 0
  let octet = 0
  let digits = 0
  let dots = 0
  for (let i = 0; i < ip.length; i++) {
    const code = ip.charCodeAt(i)
    if (code >= 48 && code <= 57) {
      octet = octet * 10 + code - 48
      if (++digits > 3 || octet > 255) return undefined
    } else if (code === 46 && digits > 0 && dots < 3) {
      value = value * 256 + octet
      octet = 0
      digits = 0
      dots++
    } else return undefined
  }
  return dots === 3 && digits > 0 ? value * 256 + octet : undefined
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read), or undefined. */
function ipv6Groups(ip: string): number[] | undefined {
  const address = ip.replace(/%.*$/, '') // a zone id (fe80::1%eth0) names an interface, not an address
  if (!/^[0-9A-Fa-f:.]+$/.test(address) || address.length > 45) return undefined
  const halves = address.split('::')
  if (halves.length > 2) return undefined
  const parse = (part: string): number[] | undefined => {
    if (part === '') return []
    const out: number[] = []
    const groups = part.split(':')
    for (const [index, group] of groups.entries()) {
      if (index === groups.length - 1 && group.includes('.')) {
        const v4 = ipv4Number(group)
        if (v4 === undefined) return undefined
        out.push(Math.floor(v4 / 65536), v4 % 65536)
      } else {
        if (!/^[0-9A-Fa-f]{1,4}$/.test(group)) return undefined
        out.push(Number.parseInt(group, 16))
      }
    }
    return out
  }
  const head = parse(halves[0]!)
  const tail = halves.length === 2 ? parse(halves[1]!) : []
  if (head === undefined || tail === undefined) return undefined
  if (halves.length === 1) return head.length === 8 ? head : undefined
  if (head.length + tail.length > 7) return undefined
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail]
}

/** An address as a table key; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) reads as its IPv4 address. */
export function ipKey(ip: string): IpKey | undefined {
  const text = ip.trim()
  const v4 = ipv4Number(text)
  if (v4 !== undefined) return { v: 4, n: v4 }
  if (!text.includes(':')) return undefined
  const groups = ipv6Groups(text)
  if (groups === undefined) return undefined
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return { v: 4, n: groups[6]! * 65536 + groups[7]! }
  }
  return { v: 6, words: [0, 2, 4, 6].map((i) => groups[i]! * 65536 + groups[i + 1]!) as [number, number, number, number] }
}

/** A decimal 128-bit number (ip-location-db's `-num` IPv6 files) as four 32-bit words. */
export function wordsOfDecimal(text: string): [number, number, number, number] {
  const value = BigInt(text)
  const mask = 0xffffffffn
  return [Number((value >> 96n) & mask), Number((value >> 64n) & mask), Number((value >> 32n) & mask), Number(value & mask)]
}

/** A growable Uint32Array: the tables hold ~1 million ranges, never a JS array of them. */
class Words {
  array = new Uint32Array(1 << 16)
  length = 0

  push(value: number): void {
    if (this.length === this.array.length) {
      const grown = new Uint32Array(this.array.length * 2)
      grown.set(this.array)
      this.array = grown
    }
    this.array[this.length++] = value
  }

  done(): Uint32Array {
    return this.array.slice(0, this.length)
  }
}

/** Collects ranges (in ascending order of start, as the sources list them) into typed arrays. */
export class RangeTableBuilder {
  private readonly labels: string[] = []
  private readonly labelIndex = new Map<string, number>()
  private readonly v4 = { starts: new Words(), ends: new Words(), labels: new Words() }
  private readonly v6 = { starts: new Words(), ends: new Words(), labels: new Words() }

  private label(value: string): number {
    let index = this.labelIndex.get(value)
    if (index === undefined) {
      index = this.labels.length
      this.labels.push(value)
      this.labelIndex.set(value, index)
    }
    return index
  }

  addV4(start: number, end: number, label: string): void {
    this.v4.starts.push(start)
    this.v4.ends.push(end)
    this.v4.labels.push(this.label(label))
  }

  addV6(start: readonly number[], end: readonly number[], label: string): void {
    for (let i = 0; i < 4; i++) {
      this.v6.starts.push(start[i]!)
      this.v6.ends.push(end[i]!)
    }
    this.v6.labels.push(this.label(label))
  }

  add(start: IpKey, end: IpKey, label: string): void {
    if (start.v === 4 && end.v === 4) this.addV4(start.n, end.n, label)
    else if (start.v === 6 && end.v === 6) this.addV6(start.words, end.words, label)
  }

  build(): RangeTable {
    return new RangeTable(
      { starts: this.v4.starts.done(), ends: this.v4.ends.done(), labels: this.v4.labels.done() },
      { starts: this.v6.starts.done(), ends: this.v6.ends.done(), labels: this.v6.labels.done() },
      this.labels
    )
  }
}

export interface Ranges {
  starts: Uint32Array
  ends: Uint32Array
  /** Index into the label list, one per range. */
  labels: Uint32Array
}

const compareWords = (a: Uint32Array, offset: number, words: readonly number[]): number => {
  for (let i = 0; i < 4; i++) {
    const diff = a[offset + i]! - words[i]!
    if (diff !== 0) return diff
  }
  return 0
}

export class RangeTable {
  constructor(
    /** One start and end per range. */
    private readonly v4: Ranges,
    /** Four words per start and per end. */
    private readonly v6: Ranges,
    private readonly labels: string[]
  ) {}

  /** What a worker thread posts back (the typed arrays are transferred, not copied). */
  parts(): { v4: Ranges; v6: Ranges; labels: string[] } {
    return { v4: this.v4, v6: this.v6, labels: this.labels }
  }

  static fromParts(parts: { v4: Ranges; v6: Ranges; labels: string[] }): RangeTable {
    return new RangeTable(parts.v4, parts.v6, parts.labels)
  }

  get size(): { v4: number; v6: number; labels: number } {
    return { v4: this.v4.labels.length, v6: this.v6.labels.length, labels: this.labels.length }
  }

  /** Typed-array bytes held (labels not counted). */
  get bytes(): number {
    return [this.v4, this.v6].reduce((sum, r) => sum + r.starts.byteLength + r.ends.byteLength + r.labels.byteLength, 0)
  }

  lookup(key: IpKey): string | undefined {
    if (key.v === 4) {
      const { starts, ends, labels } = this.v4
      // The last range starting at or before the address, if it also ends at or after it.
      let low = 0
      let high = starts.length - 1
      let found = -1
      while (low <= high) {
        const mid = (low + high) >>> 1
        if (starts[mid]! <= key.n) {
          found = mid
          low = mid + 1
        } else high = mid - 1
      }
      return found >= 0 && ends[found]! >= key.n ? this.labels[labels[found]!] : undefined
    }
    const { starts, ends, labels } = this.v6
    let low = 0
    let high = labels.length - 1
    let found = -1
    while (low <= high) {
      const mid = (low + high) >>> 1
      if (compareWords(starts, mid * 4, key.words) <= 0) {
        found = mid
        low = mid + 1
      } else high = mid - 1
    }
    return found >= 0 && compareWords(ends, found * 4, key.words) >= 0 ? this.labels[labels[found]!] : undefined
  }
}

const v4Cidr = (base: string, bits: number): [number, number] => {
  const start = ipv4Number(base)!
  return [start, start + 2 ** (32 - bits) - 1]
}

/** Special-purpose IPv4 blocks (RFC 6890 and successors): no network on the internet attacks from these. */
const SPECIAL_V4: Array<[number, number]> = [
  v4Cidr('0.0.0.0', 8),
  v4Cidr('10.0.0.0', 8),
  v4Cidr('100.64.0.0', 10),
  v4Cidr('127.0.0.0', 8),
  v4Cidr('169.254.0.0', 16),
  v4Cidr('172.16.0.0', 12),
  v4Cidr('192.0.0.0', 24),
  v4Cidr('192.0.2.0', 24),
  v4Cidr('192.168.0.0', 16),
  v4Cidr('198.18.0.0', 15),
  v4Cidr('198.51.100.0', 24),
  v4Cidr('203.0.113.0', 24),
  v4Cidr('224.0.0.0', 3) // multicast and the reserved 240/4, up to 255.255.255.255
]

/**
 * Private, loopback, link-local, documentation, benchmarking, multicast and reserved addresses.
 * Registry-derived tables place some of them (203.0.113.0/24 reads "Australia"); a honeypot that
 * sees one is behind a NAT or a proxy, and the console says "unknown" rather than guess.
 */
export function isSpecialPurpose(key: IpKey): boolean {
  if (key.v === 4) return SPECIAL_V4.some(([start, end]) => key.n >= start && key.n <= end)
  const [w0, w1, w2, w3] = key.words
  const top16 = w0 >>> 16
  if (w0 === 0 && w1 === 0 && w2 === 0 && w3 <= 1) return true // :: and ::1
  if (w0 === 0x20010db8) return true // 2001:db8::/32 documentation
  if (top16 >= 0xfc00 && top16 <= 0xfdff) return true // fc00::/7 unique local
  if (top16 >= 0xfe80 && top16 <= 0xfebf) return true // fe80::/10 link-local
  if (top16 >= 0xff00) return true // ff00::/8 multicast
  return top16 < 0x2000 || top16 > 0x3fff // only 2000::/3 is global unicast
}
