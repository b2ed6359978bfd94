import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { HttpError } from '../../lib/http-error.js'
import { databaseRateLimitStore } from '../../lib/rate-limit-store.js'

/**
 * Registered without a global limit: routes opt in with `config.rateLimit`. The login route uses
 * it as a coarse per-IP flood cap; failed sign-ins have their own stricter limiter. Counted in the
 * database, so every API process on one PostgreSQL shares the cap; should the database fail, the
 * request goes on (skipOnError) and the failed-sign-in limiter, which falls back to memory, still applies.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(() => app.db),
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, `Too many login attempts. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`)
    })
  },
  { name: 'rate-limit' }
)
