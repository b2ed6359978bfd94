import { ProvisionToken, ProvisionTokenList, ProvisionTokenPatch } from '@console/contracts'
import {
  createProvisionToken,
  deleteProvisionToken,
  listProvisionTokens,
  provisionTokenExport,
  updateProvisionToken
} from '../../../../../lib/detect/provision-tokens.js'
import { tenantCredentialRoutes } from '../../../../tenant-credential-routes.js'

/** Provision tokens (spec §7): enrolment secrets an agent presents to register a device. */
export const provisionTokenRoutes = tenantCredentialRoutes({
  tag: 'provision-tokens',
  kind: 'provision-token',
  summaries: {
    list: 'Provision tokens of the tenant, newest first',
    create: 'Create a provision token (random, 192 bits)',
    update: 'Rename or enable/disable a provision token',
    remove: 'Delete a provision token'
  },
  // The token is shown on every read (an enrolment secret, not a login), so create answers the item.
  schemas: { list: ProvisionTokenList, created: ProvisionToken, item: ProvisionToken, patch: ProvisionTokenPatch },
  list: listProvisionTokens,
  create: createProvisionToken,
  update: updateProvisionToken,
  exportTable: provisionTokenExport,
  remove: deleteProvisionToken
})
