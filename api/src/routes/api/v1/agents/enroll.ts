import { EnrolBody, EnrolHeaders, Enrolment } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { enrolDevice } from '../../../../lib/detect/enrolment.js'
import { responses } from '../../../../lib/schemas.js'

/** `POST /api/v1/agents/enroll/`: an agent trades a provision token for a device credential. */
export const enrollRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/enroll/',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['agents'],
        summary: 'Enrol a device with a provision token (X-Provision-Token); answers its credential',
        description:
          'The device joins the tenant of the token. 201 for a new device; 200 when the same machine_id was already enrolled in that tenant (same uid, the old credential stops working). A wrong or deleted token answers 401, a disabled one 403, and nothing is created.',
        headers: EnrolHeaders,
        body: EnrolBody,
        response: responses({ 200: Enrolment, 201: Enrolment }, 400, 401, 403, 415)
      }
    },
    async (request, reply) => {
      const { hostname, device_type: deviceType, machine_id: machineId, agent_version: agentVersion } = request.body
      const token = request.headers['x-provision-token']
      const enrolment = await enrolDevice(app.db, typeof token === 'string' ? token.trim() : undefined, {
        hostname,
        deviceType,
        machineId,
        agentVersion: agentVersion ?? ''
      })
      request.log.info({ device: enrolment.uid, tenant: enrolment.tenantUid, created: enrolment.created }, 'device enrolled')
      return reply
        .code(enrolment.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send({
          uid: enrolment.uid,
          device_type: deviceType,
          hostname,
          created: enrolment.created,
          credential: enrolment.credential,
          inventory_url: `/api/v1/devices/${enrolment.uid}/inventory/`
        })
    }
  )
}
