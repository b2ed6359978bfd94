import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import type { IssuedSession } from './sessions.js'
import { randomToken } from './tokens.js'

export const ACCESS_COOKIE = 'access_token'
export const REFRESH_COOKIE = 'refresh_token'
export const CSRF_COOKIE = 'csrftoken'
export const CSRF_HEADER = 'x-csrftoken'

const ACCESS_PATH = '/api'
const REFRESH_PATH = '/api/v1/token/'
const CSRF_PATH = '/'

type CookieConfig = Pick<Config, 'cookieSecure' | 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>

/**
 * Without "remember me" every cookie is a browser-session cookie; with it they live as long as
 * the tokens (the csrftoken too, or a restarted browser could not refresh).
 */
export function setSessionCookies (reply: FastifyReply, session: IssuedSession, config: CookieConfig): void {
  const secure = config.cookieSecure
  const remember = session.remember
  reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: ACCESS_PATH,
    ...(remember ? { maxAge: config.accessTokenTtlSeconds } : {})
  })
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_PATH,
    ...(remember ? { maxAge: config.refreshTokenTtlSeconds } : {})
  })
  reply.setCookie(CSRF_COOKIE, randomToken(24), {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: CSRF_PATH,
    ...(remember ? { maxAge: config.refreshTokenTtlSeconds } : {})
  })
}

export function clearSessionCookies (reply: FastifyReply, config: Pick<Config, 'cookieSecure'>): void {
  const secure = config.cookieSecure
  reply.clearCookie(ACCESS_COOKIE, { path: ACCESS_PATH, httpOnly: true, sameSite: 'lax', secure })
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure })
  reply.clearCookie(CSRF_COOKIE, { path: CSRF_PATH, sameSite: 'lax', secure })
}

/** A request carrying a session cookie is cookie-authenticated for the CSRF rule. */
export const hasSessionCookie = (request: FastifyRequest): boolean =>
  Boolean(request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE])
