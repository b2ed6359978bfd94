import fp from 'fastify-plugin'
import { apiKeyLabel, resolveApiKey } from '../../lib/detect/api-keys.js'

export const TENANT_API_KEY_KIND = 'api-key'

/** Resolves tenant API keys (`X-API-Key: prefix.secret`) for routes whose apiKeyKinds name TENANT_API_KEY_KIND. */
export const apiKeyPlugin = fp(
  async (app) => {
    app.apiKeyResolvers.push(async (key) => {
      const found = await resolveApiKey(app.db, key)
      if (found === null) return null
      return { kind: TENANT_API_KEY_KIND, id: found.uid, tenantUid: found.tenantUid, label: apiKeyLabel(found) }
    })
  },
  { name: 'tenant-api-key', dependencies: ['auth', 'db'] }
)
