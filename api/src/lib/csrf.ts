import { createHmac, randomBytes } from 'node:crypto'
import { safeEqual } from './tokens.js'

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

/**
 * Signed double-submit CSRF tokens (OWASP CSRF Prevention Cheat Sheet; ASVS 5.0 V3.5.1):
 * `<nonce>.<HMAC-SHA256(secret, session id, nonce)>`. The token is bound to one session (the
 * refresh-token family, which survives refreshes), so a token planted from another session, or
 * made up, fails even when the cookie and the header match. A fresh nonce per issue lets every
 * refresh hand out a new token.
 */
export class CsrfTokens {
  constructor(private readonly secret: Buffer) {}

  private sign(sessionId: string, nonce: string): string {
    return createHmac('sha256', this.secret).update(`csrf-v1\0${sessionId}\0${nonce}`).digest('base64url')
  }

  issue(sessionId: string): string {
    const nonce = randomBytes(16).toString('base64url')
    return `${nonce}.${this.sign(sessionId, nonce)}`
  }

  verify(token: string, sessionId: string): boolean {
    const match = TOKEN_SHAPE.exec(token)
    return match !== null && safeEqual(match[2]!, this.sign(sessionId, match[1]!))
  }
}
