import { ApiKey, ApiKeyList, ApiKeyPatch, CreatedApiKey } from '@console/contracts'
import { apiKeyExport, createApiKey, deleteApiKey, listApiKeys, updateApiKey } from '../../../../../lib/detect/api-keys.js'
import { tenantCredentialRoutes } from '../../../../tenant-credential-routes.js'

/** Tenant API keys (spec §7): only a hash of the secret is stored; the key is returned once. */
export const apiKeyRoutes = tenantCredentialRoutes({
  tag: 'api-keys',
  kind: 'api-key',
  summaries: {
    list: 'API keys of the tenant, newest first',
    create: 'Create an API key; the full key is in this answer only',
    update: 'Rename or revoke/unrevoke an API key',
    remove: 'Delete an API key'
  },
  schemas: { list: ApiKeyList, created: CreatedApiKey, item: ApiKey, patch: ApiKeyPatch },
  list: listApiKeys,
  create: createApiKey,
  update: updateApiKey,
  exportTable: apiKeyExport,
  remove: deleteApiKey
})
