import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 bits of randomness, URL- and cookie-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

/** Only this digest of a token is ever stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** A readable random password for seeded users (printed once). */
export const randomPassword = (): string => randomBytes(12).toString('base64url')
