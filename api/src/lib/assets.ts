import { readFileSync } from 'node:fs'

// The programs the API serves (Linux agent, scanner, RTOS SDK) live as real files in api/assets,
// where shellcheck and a C compiler can check them. api/src/lib and api/dist/lib are both two
// levels below api/, so the same relative path finds them under tsx and in the production build.
const ASSETS = new URL('../../assets/', import.meta.url)

const cache = new Map<string, string>()

/** The text of api/assets/<relativePath>, read once. */
export function readAsset(relativePath: string): string {
  let text = cache.get(relativePath)
  if (text === undefined) {
    text = readFileSync(new URL(relativePath, ASSETS), 'utf8')
    cache.set(relativePath, text)
  }
  return text
}

/**
 * api/assets/<relativePath> with each `@@NAME@@` placeholder (the one placeholder style of every asset) (the key, written in full) replaced by
 * its value. split/join, so nothing in a value is read as a pattern.
 */
export function fillAsset(relativePath: string, values: Record<string, string>): string {
  let text = readAsset(relativePath)
  for (const [placeholder, value] of Object.entries(values)) text = text.split(placeholder).join(value)
  return text
}

/** A value as one single-quoted sh word: each ' becomes '\'' (close, escaped quote, reopen). */
export const shellQuote = (value: string): string => "'" + value.replaceAll("'", "'\\''") + "'"
