import fp from 'fastify-plugin'
import { resolveApiKey } from '../../lib/detect/api-keys.js'

/** Accepts tenant API keys (`X-API-Key: prefix.secret`) on routes with `auth: 'api-key'`. */
export const apiKeyPlugin = fp(async (app) => {
  app.apiKeyResolvers.push(async (key) => {
    const found = await resolveApiKey(app.db, key)
    return found === null ? null : { kind: 'api-key', id: found.uid, tenantUid: found.tenantUid }
  })
}, { name: 'tenant-api-key', dependencies: ['auth', 'db'] })
