import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { validatorCompiler } from './lib/validator-compiler.js'
import { authPlugin } from './plugins/app/auth.js'
import { bodyParsersPlugin } from './plugins/app/body-parsers.js'
import { csrfPlugin } from './plugins/app/csrf.js'
import { dbPlugin } from './plugins/app/db.js'
import { detectCachePlugin } from './plugins/app/detect-cache.js'
import { errorsPlugin } from './plugins/app/errors.js'
import { feedSyncPlugin } from './plugins/app/feed-sync.js'
import { inputChecksPlugin } from './plugins/app/input-checks.js'
import { tenantGuard } from './plugins/app/tenant-guard.js'
import { timeoutsPlugin } from './plugins/app/timeouts.js'
import { compressPlugin } from './plugins/external/compress.js'
import { cookiePlugin } from './plugins/external/cookie.js'
import { helmetPlugin } from './plugins/external/helmet.js'
import { rateLimitPlugin } from './plugins/external/rate-limit.js'
import { staticPlugin } from './plugins/external/static.js'
import { swaggerPlugin } from './plugins/external/swagger.js'
import { apiV1Routes } from './routes/api/v1/index.js'
import { remotesRoute } from './routes/remotes.js'

export interface BuildAppOptions {
  config: Config
  /** An opened (and migrated) database; the app closes it on `app.close()`. */
  database: Database
  /** Overrides the pino logger built from LOG_LEVEL (tests pass false). */
  logger?: FastifyServerOptions['logger']
  /** Where the default logger writes (stdout unless given); tests read it back. */
  logStream?: { write: (line: string) => void }
}

const SECRET_HEADERS = ['cookie', 'authorization', '["x-api-key"]', '["x-csrftoken"]', '["set-cookie"]'].map((name) =>
  name.startsWith('[') ? name : `.${name}`
)

/** Header values that must never reach a log, wherever a logged object carries them. */
export const REDACTED_PATHS = ['req.headers', 'res.headers', 'headers', 'request.headers', 'reply.headers'].flatMap((base) =>
  SECRET_HEADERS.map((header) => `${base}${header}`)
)

/** TRUST_PROXY=<n>: trust the n closest proxies. */
const hopCount =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops

export async function buildApp({ config, database, logger, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(logStream === undefined ? {} : { stream: logStream })
    },
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // 503 {detail} for a request not answered in time (uploads: see plugins/app/timeouts.ts).
    handlerTimeout: config.requestTimeoutSeconds * 1000,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL that cannot be decoded never reaches a route or the error handler.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .type('application/json; charset=utf-8')
        .send({ detail: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL.' : 'Bad request.' })
    },
    // Kept for any Ajv-compiled schema: reject unknown fields rather than strip them.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } }
  })
  // TypeBox checks bodies as sent (no coercion) and converts only params, query and headers.
  app.setValidatorCompiler(validatorCompiler)

  await app.register(errorsPlugin)
  await app.register(timeoutsPlugin, { config })
  await app.register(bodyParsersPlugin)
  await app.register(inputChecksPlugin)
  await app.register(dbPlugin, { config, database })
  await app.register(cookiePlugin)
  await app.register(helmetPlugin, { config })
  await app.register(compressPlugin)
  await app.register(rateLimitPlugin)
  await app.register(authPlugin)
  await app.register(csrfPlugin)
  await app.register(tenantGuard)
  await app.register(detectCachePlugin, { singleProcess: database.kind === 'pglite' })
  await app.register(swaggerPlugin)
  await app.register(feedSyncPlugin, { config })

  await app.register(apiV1Routes, { prefix: '/api/v1' })
  await app.register(remotesRoute)
  await app.register(staticPlugin, { config })

  return app
}
