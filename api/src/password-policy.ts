import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * The one password policy (NIST SP 800-63B §3.1.1.2; OWASP ASVS 5.0 V6.2), applied wherever a
 * password is set: the admin CLI, CONSOLE_DEMO_PASSWORD / CONSOLE_OTHER_PASSWORD and the seed.
 * Length and a blocklist, no composition rules. Signing in is NOT checked against it: an
 * existing password keeps working.
 */
export const MIN_PASSWORD_LENGTH = 8
/** The sign-in body takes at most this many characters, so no longer password could ever be used. */
export const MAX_PASSWORD_LENGTH = 1024

/**
 * Context-specific words (ASVS V6.1.2 / V6.2.11): the console's own name, compared like the
 * user's email address and its local part, after dropping case, separators and trailing digits
 * ("Console-2026!" counts as "console").
 */
export const CONTEXT_WORDS = ['console', 'securityconsole', 'securitymonitoring', 'securitymonitoringconsole']

// ~49,000 passwords seen most often in breach corpora (the zxcvbn-ts common list), lower-cased.
let blocklist: Set<string> | undefined
const commonPasswords = (): Set<string> => {
  blocklist ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()))
  return blocklist
}

const fold = (value: string): string => value.normalize('NFKC').toLowerCase()
const stem = (value: string): string =>
  fold(value)
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/\d+$/, '')

/** Why this password may not be set, as a sentence to show; undefined when it is fine. */
export function passwordProblem(password: string, email?: string): string | undefined {
  // Counted in code points, so an emoji counts once (NIST: each Unicode code point is a character).
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`
  if (length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`
  if (commonPasswords().has(fold(password))) {
    return 'This password is one of the most common (breached) passwords. Choose another, e.g. a few unrelated words.'
  }
  const context = [...CONTEXT_WORDS]
  if (email !== undefined) context.push(stem(email), stem(email.split('@')[0] ?? ''))
  const stemmed = stem(password)
  if (stemmed !== '' && context.includes(stemmed)) return 'The password must not be the email address or the name of the console.'
  return undefined
}
