import { apiKeyLabel, resolveApiKey } from '../../lib/detect/api-keys.js'
import { apiKeyKindPlugin } from './auth.js'

export const TENANT_API_KEY_KIND = 'api-key'

/** Resolves tenant API keys (`X-API-Key: prefix.secret`) for routes whose apiKeyKinds name TENANT_API_KEY_KIND. */
export const apiKeyPlugin = apiKeyKindPlugin('tenant-api-key', TENANT_API_KEY_KIND, resolveApiKey, apiKeyLabel)
