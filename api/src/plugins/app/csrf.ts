import fp from 'fastify-plugin'
import { CsrfTokens } from '../../lib/csrf.js'
import { isCrossSite } from '../../lib/cross-site.js'
import { CROSS_SITE_REFUSED, CSRF_FAILED, HttpError } from '../../lib/http-error.js'
import { serverSecret } from '../../lib/server-secrets.js'
import { cookieNames, CSRF_HEADER, hasSessionCookie } from '../../lib/session-cookies.js'
import { refreshTokenFamily } from '../../lib/sessions.js'
import { safeEqual } from '../../lib/tokens.js'
import { UNSAFE_METHODS } from './auth.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues and checks the session-bound CSRF tokens (key: the `csrf` server secret). */
    csrfTokens: CsrfTokens
  }
}

/**
 * Request forgery (OWASP ASVS 5.0 V3.5.1, V3.5.3), on every POST/PUT/PATCH/DELETE:
 * 1. refused when Origin / Sec-Fetch-Site say another site sent it (the sign-in too);
 * 2. when it carries a session cookie (all but the sign-in), the X-CSRFToken header must equal
 *    the csrftoken cookie (double submit) AND be that session's signed token.
 * Registered after the auth plugin: its hook has already resolved `request.user` for cookie routes.
 */
export const csrfPlugin = fp(
  async (app) => {
    app.decorate('csrfTokens', new CsrfTokens(await serverSecret(app.db, 'csrf')))
    const names = cookieNames(app.config.cookieSecure)
    const trusted = new Set(app.config.publicUrl === undefined ? [] : [app.config.publicUrl])

    /** The session (refresh-token family) behind the cookies, or undefined when they name none. */
    const sessionOf = async (request: Parameters<typeof app.signedInUser>[0]): Promise<string | undefined> => {
      const user = request.user ?? (await app.signedInUser(request))
      if (user !== null) return user.familyId
      const refresh = request.cookies[names.refresh]
      return refresh ? await refreshTokenFamily(app.db, refresh) : undefined
    }

    app.addHook('onRequest', async (request) => {
      if (!UNSAFE_METHODS.has(request.method)) return
      if (isCrossSite(request, trusted)) {
        request.log.warn(
          { origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'], url: request.url },
          'cross-site request refused'
        )
        throw new HttpError(403, CROSS_SITE_REFUSED)
      }
      if (request.routeOptions.config.csrf === false || !hasSessionCookie(request, names)) return
      const cookie = request.cookies[names.csrf]
      const header = request.headers[CSRF_HEADER]
      if (typeof cookie !== 'string' || cookie === '' || typeof header !== 'string' || !safeEqual(cookie, header)) {
        throw new HttpError(403, CSRF_FAILED)
      }
      // Cookies that name no live session carry no authority to forge with; the route's own
      // authentication answers them (401, or an anonymous logout).
      const session = await sessionOf(request)
      if (session !== undefined && !app.csrfTokens.verify(header, session)) throw new HttpError(403, CSRF_FAILED)
    })
  },
  { name: 'csrf', dependencies: ['auth', 'db', 'cookie'] }
)
