import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import type { IssuedSession } from './sessions.js'

export const CSRF_HEADER = 'x-csrftoken'

const ACCESS_PATH = '/api'
const REFRESH_PATH = '/api/v1/token/'
const CSRF_PATH = '/'

export interface CookieNames {
  access: string
  refresh: string
  csrf: string
}

/**
 * Over HTTPS (COOKIE_SECURE=true) the browser enforces the prefixes (ASVS 5.0 V3.3.1, V3.3.3):
 * `__Host-csrftoken` can only be set by this host, Secure, Path=/, so a sibling subdomain or a
 * network attacker on plain HTTP cannot plant one; the session cookies have narrower paths, which
 * `__Host-` forbids, so they get `__Secure-`. Plain HTTP keeps the plain names (no prefix works
 * there). The console's HTTP client reads whichever CSRF cookie exists.
 */
export const cookieNames = (secure: boolean): CookieNames =>
  secure
    ? { access: '__Secure-access_token', refresh: '__Secure-refresh_token', csrf: '__Host-csrftoken' }
    : { access: 'access_token', refresh: 'refresh_token', csrf: 'csrftoken' }

type CookieConfig = Pick<Config, 'cookieSecure' | 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>

/**
 * Without "remember me" every cookie is a browser-session cookie; with it they live as long as
 * the tokens (the csrftoken too, or a restarted browser could not refresh). `csrfToken` is the
 * session's signed token (`CsrfTokens.issue(session.familyId)`).
 */
export function setSessionCookies(reply: FastifyReply, session: IssuedSession, csrfToken: string, config: CookieConfig): void {
  const secure = config.cookieSecure
  const names = cookieNames(secure)
  const remember = session.remember
  reply.setCookie(names.access, session.accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: ACCESS_PATH,
    ...(remember ? { maxAge: config.accessTokenTtlSeconds } : {})
  })
  reply.setCookie(names.refresh, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_PATH,
    ...(remember ? { maxAge: config.refreshTokenTtlSeconds } : {})
  })
  reply.setCookie(names.csrf, csrfToken, {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: CSRF_PATH,
    ...(remember ? { maxAge: config.refreshTokenTtlSeconds } : {})
  })
}

export function clearSessionCookies(reply: FastifyReply, config: Pick<Config, 'cookieSecure'>): void {
  const secure = config.cookieSecure
  const names = cookieNames(secure)
  reply.clearCookie(names.access, { path: ACCESS_PATH, httpOnly: true, sameSite: 'lax', secure })
  reply.clearCookie(names.refresh, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure })
  reply.clearCookie(names.csrf, { path: CSRF_PATH, sameSite: 'lax', secure })
}

/** A request carrying a session cookie is cookie-authenticated for the CSRF rule. */
export const hasSessionCookie = (request: FastifyRequest, names: CookieNames): boolean =>
  Boolean(request.cookies[names.access] || request.cookies[names.refresh])
