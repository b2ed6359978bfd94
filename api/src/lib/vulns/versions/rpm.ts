/**
 * RPM version ordering: rpmvercmp (rpm's lib/rpmvercmp.c, with the `~` pre-release and `^`
 * post-release separators) applied to [epoch:]version[-release]. Used for Red Hat, Rocky,
 * AlmaLinux, SUSE and other RPM distributions.
 */

const isDigit = (c: string): boolean => c >= '0' && c <= '9'
/** rpm's risalpha/risalnum are ASCII-only: any other character (é, α) is a separator. */
const isAlpha = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
const isSeparator = (c: string): boolean => !isDigit(c) && !isAlpha(c) && c !== '~' && c !== '^'

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0)

export function rpmvercmp(a: string, b: string): number {
  if (a === b) return 0
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    while (i < a.length && isSeparator(a[i]!)) i++
    while (j < b.length && isSeparator(b[j]!)) j++

    // `~` sorts before everything, even the end of the other string.
    if (a[i] === '~' || b[j] === '~') {
      if (a[i] !== '~') return 1
      if (b[j] !== '~') return -1
      i++
      j++
      continue
    }
    // `^` sorts after the end of the other string but before anything else.
    if (a[i] === '^' || b[j] === '^') {
      if (i >= a.length) return -1
      if (j >= b.length) return 1
      if (a[i] !== '^') return 1
      if (b[j] !== '^') return -1
      i++
      j++
      continue
    }
    if (i >= a.length || j >= b.length) break

    const numeric = isDigit(a[i]!)
    const take = numeric ? isDigit : isAlpha
    let ei = i
    let ej = j
    while (ei < a.length && take(a[ei]!)) ei++
    while (ej < b.length && take(b[ej]!)) ej++
    // A numeric segment is newer than an alphabetic one.
    if (ej === j) return numeric ? 1 : -1

    let segA = a.slice(i, ei)
    let segB = b.slice(j, ej)
    if (numeric) {
      segA = segA.replace(/^0+/, '')
      segB = segB.replace(/^0+/, '')
      if (segA.length !== segB.length) return segA.length > segB.length ? 1 : -1
    }
    if (segA !== segB) return segA < segB ? -1 : 1
    i = ei
    j = ej
  }
  if (i >= a.length && j >= b.length) return 0
  return i >= a.length ? -1 : 1
}

interface Evr {
  epoch: string
  version: string
  release: string | null
}

function parse(evr: string): Evr {
  const text = evr.trim()
  const match = /^(\d*):/.exec(text)
  const epoch = match === null ? '0' : match[1] === '' ? '0' : match[1]!
  const rest = match === null ? text : text.slice(match[0].length)
  const hyphen = rest.lastIndexOf('-')
  return hyphen < 0
    ? { epoch, version: rest, release: null }
    : { epoch, version: rest.slice(0, hyphen), release: rest.slice(hyphen + 1) }
}

/**
 * Compares two EVR strings. rpm itself ignores the release when one side lacks it; a matcher
 * must not call "1.2" equal to a fixed "1.2-5.el9", so a missing release sorts first instead.
 */
export function compareRpm(a: string, b: string): number {
  const x = parse(a)
  const y = parse(b)
  const byEpoch = rpmvercmp(x.epoch, y.epoch)
  if (byEpoch !== 0) return byEpoch
  const byVersion = rpmvercmp(x.version, y.version)
  if (byVersion !== 0) return byVersion
  if (x.release === null || y.release === null) return sign(Number(x.release !== null) - Number(y.release !== null))
  return rpmvercmp(x.release, y.release)
}
