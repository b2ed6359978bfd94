/**
 * Text PostgreSQL refuses: NUL (`\u0000`) in text and jsonb, and unpaired UTF-16 surrogates
 * (`\ud800` alone), which are legal JSON escapes but not Unicode, so jsonb and json_to_recordset
 * refuse them and a text column would silently get U+FFFD. Input holding either is refused
 * (ASVS 5.0 2.2.1: positive validation, not silent repair), never left to fail in SQL as a 500.
 */
/** One cheap test first: almost every string holds neither NUL nor any surrogate. */
const SUSPECT = /[\u0000\uD800-\uDFFF]/
const NUL = /\u0000/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const NUL_MESSAGE = 'Must not contain NUL characters (\\u0000).'
export const SURROGATE_MESSAGE = 'Must not contain unpaired UTF-16 surrogates (\\ud800-\\udfff).'

/** Why this string cannot be stored, or undefined when it can. */
export function textProblem (value: string): string | undefined {
  if (!SUSPECT.test(value)) return undefined
  if (NUL.test(value)) return NUL_MESSAGE
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE
  return undefined
}
