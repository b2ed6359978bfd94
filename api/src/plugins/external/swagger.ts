import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'

export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Security console API', version: '1.0.0', description: 'Cookie sessions with a double-submit CSRF header (X-CSRFToken) on unsafe methods.' },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' }
        }
      }
    }
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI needs its own inline-script hashes; drop the upgrade directive so plain-HTTP installs work.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '')
  })
}, { name: 'swagger' })
