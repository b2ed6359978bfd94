import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../../db/client.js'
import type { DevicePrincipal } from '../../lib/detect/enrolment.js'
import { HttpError, NOT_AUTHENTICATED } from '../../lib/http-error.js'
import { cookieNames } from '../../lib/session-cookies.js'
import { MemoCache } from '../../lib/memo-cache.js'
import {
  findAccessToken,
  onSessionsRevoked,
  type LiveAccessToken,
  type Revocation,
  type SessionUser
} from '../../lib/sessions.js'
import { hashToken } from '../../lib/tokens.js'

/**
 * How a route authenticates, declared as `config: { auth: ... }`:
 * - 'cookie'  (default for every /api/v1/ route): a signed-in console user, `request.user`
 * - 'api-key': an `X-API-Key` header accepted by one of `app.apiKeyResolvers`, `request.apiKey`
 * - 'cookie-or-api-key': either of the two
 * - 'optional': resolves `request.user` when possible, never rejects
 * - 'none': public
 */
export type AuthMode = 'none' | 'optional' | 'cookie' | 'api-key' | 'cookie-or-api-key'

/** What an API key stands for (an agent's provision token, a report token, a tenant API key...). */
export interface ApiKeyPrincipal {
  kind: string
  id: string
  tenantUid: string
  /** How the audit trail names it (a tenant API key: `API key <name> (<prefix>)`). */
  label?: string
}

export type ApiKeyResolver = (key: string, request: FastifyRequest) => Promise<ApiKeyPrincipal | null>

/**
 * A plugin that adds one kind of key to `app.apiKeyResolvers`: `resolve` answers the row a key
 * names (its uid and tenant) or null; the principal carries `kind`, which routes list in apiKeyKinds.
 */
export function apiKeyKindPlugin<Row extends { uid: string; tenantUid: string }>(
  name: string,
  kind: string,
  resolve: (db: Db, key: string) => Promise<Row | null>,
  /** How trails name the caller ("API key ci-bot"); none: the trail shows the kind. */
  label?: (row: Row) => string
) {
  return fp(
    async (app) => {
      app.apiKeyResolvers.push(async (key) => {
        const found = await resolve(app.db, key)
        if (found === null) return null
        return { kind, id: found.uid, tenantUid: found.tenantUid, ...(label === undefined ? {} : { label: label(found) }) }
      })
    },
    { name, dependencies: ['auth', 'db'] }
  )
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode
    /** false exempts an unsafe route from the CSRF token check (only the sign-in; never from the Origin check). */
    csrf?: boolean
    /** API-key routes: the principal kinds they accept. Required: a route never takes "any key". */
    apiKeyKinds?: string[]
    /** The 401 `detail` when the route's credentials are missing or wrong (default NOT_AUTHENTICATED). */
    unauthorizedDetail?: string
  }
  interface FastifyRequest {
    user: SessionUser | null
    apiKey: ApiKeyPrincipal | null
    /** The enrolled device of an agent route (`Authorization: Device <credential>`), set by that route itself. */
    device: DevicePrincipal | null
  }
  interface FastifyInstance {
    /** Later features push their resolvers here; the first that recognises a key wins. */
    apiKeyResolvers: ApiKeyResolver[]
    /** The console user of the request's access-token cookie (cached like every session check), or null. */
    signedInUser: (request: FastifyRequest) => Promise<SessionUser | null>
  }
}

/** Methods that change state: the CSRF checks (csrf.ts) and the detail cache's safety net key on these. */
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const API_KEY_HEADER = 'x-api-key'

/** Sessions checked in the last CACHE_TTL_SECONDS; at most this many are kept. */
const SESSION_CACHE_ENTRIES = 10_000

const revokedBy =
  (revoked: Revocation) =>
  ({ user }: LiveAccessToken): boolean =>
    'familyId' in revoked ? user.familyId === revoked.familyId : user.uid === revoked.userUid

export const authPlugin = fp(
  async (app) => {
    // A live access token is checked against the database once per CACHE_TTL_SECONDS (and never
    // past its own expiry). Logout, refresh-token reuse and password reset in this process drop
    // the entry at once (onSessionsRevoked); another process's revocation is seen within the TTL.
    const sessions = new MemoCache<LiveAccessToken>({
      ttlMs: app.config.cacheTtlSeconds * 1000,
      maxEntries: SESSION_CACHE_ENTRIES
    })
    const unsubscribe = onSessionsRevoked((revoked) => sessions.invalidate(revokedBy(revoked)))
    app.addHook('onClose', async () => unsubscribe())

    app.decorateRequest('user', null)
    app.decorateRequest('apiKey', null)
    app.decorateRequest('device', null)
    app.decorate('apiKeyResolvers', [] as ApiKeyResolver[])

    const accessCookie = cookieNames(app.config.cookieSecure).access
    const signedInUser = async (request: FastifyRequest): Promise<SessionUser | null> => {
      const token = request.cookies[accessCookie]
      if (!token) return null
      const digest = hashToken(token)
      const live = await sessions.resolve(
        digest,
        () => findAccessToken(app.db, digest),
        (found) => found.expiresAt.getTime()
      )
      return live?.user ?? null
    }
    app.decorate('signedInUser', signedInUser)

    // Fail closed at start-up: an API-key route that names no kinds would take every kind of key
    // (a tenant key or a report token on the sensor-only honeynet ingest). ASVS V8.2.1.
    app.addHook('onRoute', (route) => {
      const config = route.config as { auth?: AuthMode; apiKeyKinds?: string[] } | undefined
      if ((config?.auth === 'api-key' || config?.auth === 'cookie-or-api-key') && (config.apiKeyKinds?.length ?? 0) === 0) {
        throw new Error(`${route.method} ${route.url}: an API-key route must list the key kinds it accepts (config.apiKeyKinds)`)
      }
    })

    app.addHook('onRequest', async (request) => {
      // routeOptions is a getter that builds a new object: read it once.
      const { config, url = '' } = request.routeOptions
      const mode: AuthMode = config.auth ?? (url.startsWith('/api/v1/') ? 'cookie' : 'none')
      if (mode === 'none') return

      if (mode !== 'api-key') {
        request.user = await signedInUser(request)
        if (request.user !== null) return
      }
      if (mode === 'api-key' || mode === 'cookie-or-api-key') {
        const key = request.headers[API_KEY_HEADER]
        if (typeof key === 'string' && key !== '') {
          for (const resolve of app.apiKeyResolvers) {
            const principal = await resolve(key, request)
            if (principal === null) continue
            if (config.apiKeyKinds?.includes(principal.kind) !== true) break
            request.apiKey = principal
            return
          }
        }
      }
      if (mode === 'optional') return
      throw new HttpError(401, config.unauthorizedDetail ?? NOT_AUTHENTICATED)
    })
  },
  { name: 'auth', dependencies: ['db', 'cookie'] }
)
