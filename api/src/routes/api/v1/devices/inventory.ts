import { INVENTORY_LIMITS, InventoryBody, InventoryHeaders, InventoryParams, InventoryResponse } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { authenticateDevice } from '../../../../lib/detect/enrolment.js'
import { applyInventory } from '../../../../lib/detect/inventory.js'
import { regenerateSummarySoon } from '../../../../lib/detect/summary.js'
import { responses } from '../../../../lib/schemas.js'

/** Agent-facing device routes: `PUT /api/v1/devices/{uid}/inventory/` with the device credential. */
export const deviceInventoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.put(
    '/:uid/inventory/',
    {
      // The device credential, checked here (auth 'none'), is the caller: the tenant guard takes its tenant.
      config: { auth: 'none', tenant: 'caller' },
      bodyLimit: INVENTORY_LIMITS.bodyBytes,
      // The credential is checked before the body is read: a stranger's 16 MB never gets parsed.
      onRequest: async (request) => {
        const { uid } = request.params as { uid: string }
        request.device = await authenticateDevice(db, uid, request.headers.authorization)
      },
      schema: {
        tags: ['agents'],
        summary: 'An agent reports its device inventory (replaces the previous one)',
        description: `Header \`Authorization: Device <credential>\` from the enrolment. JSON body (\`Content-Encoding: gzip\` accepted), at most ${INVENTORY_LIMITS.bodyBytes / 1024 / 1024} MiB after decompression, ${INVENTORY_LIMITS.packages} packages, ${INVENTORY_LIMITS.accounts} accounts, ${INVENTORY_LIMITS.interfaces} interfaces, ${INVENTORY_LIMITS.threads} threads. One transaction: a bad report changes nothing.`,
        params: InventoryParams,
        headers: InventoryHeaders,
        body: InventoryBody,
        response: responses({ 200: InventoryResponse }, 400, 401, 413, 415)
      }
    },
    async (request) => {
      const { changed, ...result } = await applyInventory(db, request.device!, request.body)
      if (changed) await regenerateSummarySoon(db, request.tenantUid)
      return result
    }
  )
}
