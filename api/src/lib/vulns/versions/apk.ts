/**
 * Alpine (apk) version ordering, following apk-tools' tokenizer (src/version.c):
 * number{.number}...{letter}{_suffix{number}}...{-r#}. Suffixes sort
 * _alpha < _beta < _pre < _rc < (none) < _cvs < _svn < _git < _hg < _p; a component with
 * leading zeros ("1.05") compares by its zeros first. Used for Alpine, Wolfi and Chainguard.
 */

enum Token {
  Invalid = -1,
  DigitOrZero,
  Digit,
  Letter,
  Suffix,
  SuffixNo,
  RevisionNo,
  End
}

const PRE_SUFFIXES = ['alpha', 'beta', 'pre', 'rc']
const POST_SUFFIXES = ['cvs', 'svn', 'git', 'hg', 'p']

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9'
const isLower = (c: string | undefined): boolean => c !== undefined && c >= 'a' && c <= 'z'

class Cursor {
  type: Token = Token.Digit
  constructor(
    readonly text: string,
    public at = 0
  ) {}
  get left(): number {
    return this.text.length - this.at
  }
}

/** Reads the separator after a token and decides what the next token is. */
function nextToken(c: Cursor): void {
  const previous = c.type
  const ch = c.text[c.at]
  let next = Token.Invalid
  if (c.left === 0) {
    next = Token.End
  } else if ((previous === Token.Digit || previous === Token.DigitOrZero) && isLower(ch)) {
    next = Token.Letter
  } else if (previous === Token.Letter && isDigit(ch)) {
    next = Token.Digit
  } else if (previous === Token.Suffix && isDigit(ch)) {
    next = Token.SuffixNo
  } else {
    if (ch === '.') next = Token.DigitOrZero
    else if (ch === '_') next = Token.Suffix
    else if (ch === '-' && c.text[c.at + 1] === 'r') {
      next = Token.RevisionNo
      c.at++
    }
    c.at++
  }
  // Tokens only move forward (digits, letter, suffixes, revision), with these three exceptions.
  if (
    next < previous &&
    !(
      (next === Token.DigitOrZero && previous === Token.Digit) ||
      (next === Token.Suffix && previous === Token.SuffixNo) ||
      (next === Token.Digit && previous === Token.Letter)
    )
  ) {
    next = Token.Invalid
  }
  c.type = next
}

/** The value of the token at the cursor; advances past it and classifies the next one. */
function getToken(c: Cursor): number {
  if (c.left <= 0) {
    c.type = Token.End
    return 0
  }
  let value = 0
  let length = 0
  let forced = Token.Invalid
  const digits = (): void => {
    while (length < c.left && isDigit(c.text[c.at + length])) value = value * 10 + Number(c.text[c.at + length++])
  }
  switch (c.type) {
    case Token.DigitOrZero:
      if (c.text[c.at] === '0') {
        // Leading zeros: "1.05" < "1.5"; the digits after them are the next token.
        while (length < c.left && c.text[c.at + length] === '0') length++
        value = -length
        forced = Token.Digit
      } else {
        digits()
      }
      break
    case Token.Digit:
    case Token.SuffixNo:
    case Token.RevisionNo:
      digits()
      break
    case Token.Letter:
      value = c.text.charCodeAt(c.at)
      length = 1
      break
    case Token.Suffix: {
      const rest = c.text.slice(c.at)
      const pre = PRE_SUFFIXES.findIndex((suffix) => rest.startsWith(suffix))
      const post = POST_SUFFIXES.findIndex((suffix) => rest.startsWith(suffix))
      if (pre >= 0) {
        value = pre - PRE_SUFFIXES.length
        length = PRE_SUFFIXES[pre]!.length
      } else if (post >= 0) {
        value = post
        length = POST_SUFFIXES[post]!.length
      } else {
        c.type = Token.Invalid
        return -1
      }
      break
    }
    default:
      c.type = Token.Invalid
      return -1
  }
  c.at += length
  if (c.left === 0) c.type = Token.End
  else if (forced !== Token.Invalid) c.type = forced
  else nextToken(c)
  return value
}

/** The weight of the suffix at the cursor (negative for pre-release ones), without moving it. */
function suffixValue(c: Cursor): number {
  const probe = new Cursor(c.text, c.at)
  probe.type = Token.Suffix
  return getToken(probe)
}

/** Negative, 0 or positive as `a` sorts before, equal to or after `b` (apk version -t). */
export function compareApk(a: string, b: string): number {
  const x = new Cursor(a.trim())
  const y = new Cursor(b.trim())
  let xv = 0
  let yv = 0
  while (x.type === y.type && x.type !== Token.End && x.type !== Token.Invalid && xv === yv) {
    xv = getToken(x)
    yv = getToken(y)
  }
  if (xv !== yv) return xv < yv ? -1 : 1
  if (x.type === y.type) return 0
  // Equal so far: the longer version is newer, unless what it has more is a pre-release suffix.
  if (x.type === Token.Suffix && suffixValue(x) < 0) return -1
  if (y.type === Token.Suffix && suffixValue(y) < 0) return 1
  if (x.type > y.type) return -1
  if (y.type > x.type) return 1
  return 0
}
