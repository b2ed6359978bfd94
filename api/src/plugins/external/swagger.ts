import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { HttpError } from '../../lib/http-error.js'
import { cookieNames } from '../../lib/session-cookies.js'

const DOCS_NEED_SIGN_IN = 'Sign in to the console to read the API documentation (or set API_DOCS=true to publish it).'

export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Security console API',
          version: '1.0.0',
          description: 'Cookie sessions with a double-submit CSRF header (X-CSRFToken) on unsafe methods.'
        },
        components: {
          securitySchemes: {
            cookieAuth: { type: 'apiKey', in: 'cookie', name: cookieNames(app.config.cookieSecure).access },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' }
          }
        }
      }
    })
    // In a scope of its own, so the guard covers every docs route (the UI's static files too).
    await app.register(async (docs) => {
      // ASVS 5.0 V13.4.5: the API's map is for signed-in users unless API_DOCS=true publishes it.
      if (!app.config.apiDocs) {
        docs.addHook('onRequest', async (request) => {
          if ((await app.signedInUser(request)) === null) throw new HttpError(401, DOCS_NEED_SIGN_IN)
        })
      }
      await docs.register(swaggerUi, {
        routePrefix: '/api/docs',
        // Swagger UI needs its own inline-script hashes; drop the upgrade directive so plain-HTTP installs work.
        staticCSP: true,
        transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '')
      })
    })
  },
  { name: 'swagger', dependencies: ['auth'] }
)
