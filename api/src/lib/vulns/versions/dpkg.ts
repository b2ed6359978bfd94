/**
 * Debian version ordering (dpkg's verrevcmp, as Debian Policy §5.6.12 describes it):
 * [epoch:]upstream[-revision]; epochs compare as numbers, then upstream, then revision, each by
 * alternating non-digit runs (letters before other characters, `~` before everything, even the
 * end of the string) and digit runs compared as numbers. Used for Debian and Ubuntu.
 */

const isDigit = (code: number): boolean => code >= 48 && code <= 57
const isAlpha = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
const TILDE = 126

/** The weight of one character in a non-digit run; the end of the string weighs 0. */
function order(code: number): number {
  if (Number.isNaN(code) || isDigit(code)) return 0
  if (isAlpha(code)) return code
  if (code === TILDE) return -1
  return code + 256
}

function verrevcmp(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a.charCodeAt(i))) || (j < b.length && !isDigit(b.charCodeAt(j)))) {
      const ac = order(a.charCodeAt(i))
      const bc = order(b.charCodeAt(j))
      if (ac !== bc) return ac - bc
      i++
      j++
    }
    while (a.charCodeAt(i) === 48) i++
    while (b.charCodeAt(j) === 48) j++
    let firstDiff = 0
    while (isDigit(a.charCodeAt(i)) && isDigit(b.charCodeAt(j))) {
      if (firstDiff === 0) firstDiff = a.charCodeAt(i) - b.charCodeAt(j)
      i++
      j++
    }
    if (isDigit(a.charCodeAt(i))) return 1
    if (isDigit(b.charCodeAt(j))) return -1
    if (firstDiff !== 0) return firstDiff
  }
  return 0
}

interface DebianVersion {
  epoch: number
  upstream: string
  revision: string
}

function parse(version: string): DebianVersion {
  let rest = version.trim()
  let epoch = 0
  const colon = rest.indexOf(':')
  if (colon > 0 && /^\d+$/.test(rest.slice(0, colon))) {
    epoch = Number(rest.slice(0, colon))
    rest = rest.slice(colon + 1)
  }
  const hyphen = rest.lastIndexOf('-')
  return hyphen < 0
    ? { epoch, upstream: rest, revision: '' }
    : { epoch, upstream: rest.slice(0, hyphen), revision: rest.slice(hyphen + 1) }
}

/** Negative, 0 or positive as `a` sorts before, equal to or after `b` (dpkg --compare-versions). */
export function compareDpkg(a: string, b: string): number {
  const x = parse(a)
  const y = parse(b)
  if (x.epoch !== y.epoch) return x.epoch - y.epoch
  return verrevcmp(x.upstream, y.upstream) || verrevcmp(x.revision, y.revision)
}
