/**
 * Text PostgreSQL refuses: NUL (`\u0000`) in text and jsonb, and unpaired UTF-16 surrogates
 * (`\ud800` alone), which are legal JSON escapes but not Unicode, so jsonb and json_to_recordset
 * refuse them and a text column would silently get U+FFFD. Input holding either is refused
 * (ASVS 5.0 2.2.1: positive validation, not silent repair), never left to fail in SQL as a 500.
 */
/** One cheap test first: almost every string holds neither NUL nor any surrogate. */
// eslint-disable-next-line no-control-regex -- NUL is one of the two things looked for
const SUSPECT = /[\u0000\uD800-\uDFFF]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const NUL_MESSAGE = 'Must not contain NUL characters (\\u0000).'
export const SURROGATE_MESSAGE = 'Must not contain unpaired UTF-16 surrogates (\\ud800-\\udfff).'

/**
 * Whether JSON text can decode to such a string at all: NUL and surrogates reach a parsed value
 * only as `\u0000` / `\udXXX` escapes (raw control characters are not JSON; text decoded from
 * UTF-8 holds no lone surrogate), or raw in text that never was bytes. False means every string
 * in it is storable, and a walk need not look at them (a false alarm on `\\u0000` only costs that).
 */
// eslint-disable-next-line no-control-regex -- a raw NUL is one of the things looked for
export const mayHoldUnstorable = (json: string): boolean => /\\u(?:0000|[dD][89a-fA-F])|[\u0000\uD800-\uDFFF]/.test(json)

/** Why this string cannot be stored, or undefined when it can. */
export function textProblem(value: string): string | undefined {
  if (!SUSPECT.test(value)) return undefined
  if (value.includes('\u0000')) return NUL_MESSAGE
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE
  return undefined
}
