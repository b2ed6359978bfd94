import { ErrorResponse, LoginBody, NotAuthenticated, Profile, SuccessResponse } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { normalizeEmail, verifyCredentials } from '../../../../lib/accounts.js'
import { HttpError, NOT_AUTHENTICATED } from '../../../../lib/http-error.js'
import { accountHash } from '../../../../lib/login-limiter.js'
import { responses } from '../../../../lib/schemas.js'
import { clearSessionCookies, cookieNames, setSessionCookies } from '../../../../lib/session-cookies.js'
import {
  refreshTokenFamily,
  revokeFamily,
  rotateRefreshToken,
  startSession,
  type IssuedSession
} from '../../../../lib/sessions.js'

const INVALID_CREDENTIALS = 'Invalid email or password'
const INVALID_REFRESH = 'Session expired. Please sign in again.'

const tooMany = (seconds: number) =>
  new HttpError(429, `Too many login attempts. Try again in ${seconds} seconds.`, { 'retry-after': String(seconds) })

/** Sign-in, refresh, sign-out, the authentication check and the profile (spec §7 "Authentication"). */
export const tokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app
  const names = cookieNames(config.cookieSecure)
  const issue = (reply: FastifyReply, session: IssuedSession) =>
    setSessionCookies(reply, session, app.csrfTokens.issue(session.familyId), config)

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['auth'],
        summary:
          'Sign in: sets the access_token, refresh_token and csrftoken cookies (__Secure-/__Host- prefixed when COOKIE_SECURE=true)',
        body: LoginBody,
        response: responses({ 200: SuccessResponse }, 400, 401, 415, 429)
      },
      config: {
        auth: 'none',
        csrf: false,
        rateLimit: {
          max: config.loginRateLimitIp * 10,
          timeWindow: config.loginRateWindowSeconds * 1000
        }
      }
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email)
      const limiter = app.loginLimiter
      const { ip } = request
      // Logged as a hash: an email typed into the form may be a password typed into the wrong field.
      const account = accountHash(email)
      const attempt = await limiter.begin(ip, email)
      if (!attempt.allowed) throw tooMany(attempt.retryAfter)

      const user = await verifyCredentials(app.db, email, request.body.password)
      if (user === null) {
        const failure = await limiter.failed(ip, email)
        request.log.info({ account, ip, failures: failure.pairFailures }, 'sign-in failed')
        if (failure.pairDelay > 0) {
          request.log.warn(
            { account, ip, failures: failure.pairFailures, delaySeconds: failure.pairDelay },
            'sign-in throttled for this account and client IP'
          )
        }
        if (failure.ipBlocked) {
          request.log.warn(
            { ip, failures: failure.ipFailures, windowSeconds: config.loginRateWindowSeconds },
            'sign-in blocked for this client IP'
          )
        }
        throw new HttpError(401, INVALID_CREDENTIALS)
      }
      await limiter.succeeded(ip, email)
      request.log.info({ account, ip, user: user.uid }, 'signed in')
      const session = await startSession(app.db, user.uid, request.body.remember === true, config)
      issue(reply, session)
      return { success: true as const }
    }
  )

  app.post(
    '/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token; reusing an old one revokes the whole session',
        response: responses({ 200: SuccessResponse }, 401, 403)
      },
      config: { auth: 'none' }
    },
    async (request, reply) => {
      const presented = request.cookies[names.refresh]
      if (!presented) throw new HttpError(401, NOT_AUTHENTICATED)
      const result = await rotateRefreshToken(app.db, presented, config)
      if (result.status !== 'ok') {
        if (result.status === 'reused') request.log.warn('refresh token reused; session family revoked')
        clearSessionCookies(reply, config)
        throw new HttpError(401, INVALID_REFRESH)
      }
      issue(reply, result.session)
      return { success: true as const }
    }
  )

  app.post(
    '/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the session and clears the cookies (idempotent)',
        response: responses({ 200: SuccessResponse }, 403)
      },
      config: { auth: 'optional' }
    },
    async (request, reply) => {
      const families = new Set<string>()
      if (request.user !== null) families.add(request.user.familyId)
      const presented = request.cookies[names.refresh]
      if (presented) {
        const family = await refreshTokenFamily(app.db, presented)
        if (family !== undefined) families.add(family)
      }
      for (const family of families) await revokeFamily(app.db, family)
      clearSessionCookies(reply, config)
      return { success: true as const }
    }
  )

  app.get(
    '/is_authenticated/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The authentication check: 200 when signed in, 401 otherwise',
        response: { 200: SuccessResponse, 401: NotAuthenticated }
      },
      config: { auth: 'optional' }
    },
    async (request, reply) => {
      if (request.user === null) return reply.code(401).send({ success: false, detail: NOT_AUTHENTICATED })
      return { success: true as const }
    }
  )

  app.get(
    '/profile/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and tenant',
        response: { 200: Profile, 401: ErrorResponse }
      },
      config: { auth: 'cookie' }
    },
    async (request) => {
      const user = request.user!
      return { user_email: user.email, user_uid: user.uid, tenant_uid: user.tenantUid, tenant_name: user.tenantName }
    }
  )
}
