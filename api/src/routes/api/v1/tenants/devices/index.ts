import {
  Device,
  DeviceList,
  DeviceListQuery,
  DeviceParams,
  NoContent,
  PackageCount,
  PackageList,
  PackageQuery,
  TenantParams,
  ThreadList
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { cachedCount, cachedDetail } from '../../../../../lib/detect/cached-detail.js'
import {
  deleteDevice,
  deviceDetail,
  devicePackageCount,
  devicePackageList,
  deviceThreadList,
  listDevices
} from '../../../../../lib/detect/devices.js'
import { uidOr404 } from '../../../../../lib/tenant-scope.js'
import { responses } from '../../../../../lib/schemas.js'

/** Devices of the caller's tenant (spec §7 "Devices, agents and tokens" + the list the spec lacks). */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['devices'],
        summary: 'Devices of the tenant: search, ordering, limit/offset',
        params: TenantParams,
        querystring: DeviceListQuery,
        response: responses({ 200: DeviceList }, 400, 401, 404)
      }
    },
    async (request) => await listDevices(db, request.tenantUid, request.query)
  )

  app.get(
    '/:uid/',
    {
      schema: {
        tags: ['devices'],
        summary: 'One device with its user accounts and network interfaces',
        params: DeviceParams,
        response: responses({ 200: Device }, 401, 404)
      }
    },
    async (request, reply) => {
      const uid = uidOr404(request.params.uid)
      // A hot path: served from the DETECT cache; a miss is one round trip.
      return cachedDetail(
        request,
        reply,
        `device:${uid}`,
        async (): Promise<Device> => await deviceDetail(db, request.tenantUid, uid)
      )
    }
  )

  app.delete(
    '/:uid/',
    {
      schema: {
        tags: ['devices'],
        summary: 'Remove a device: its inventory and findings go, its credential stops working; its alerts stay (device null)',
        params: DeviceParams,
        response: responses({ 204: NoContent }, 401, 403, 404)
      }
    },
    async (request, reply) => {
      await deleteDevice(db, request.tenantUid, request.params.uid)
      return reply.code(204).send(null)
    }
  )

  app.get(
    '/:uid/threads/',
    {
      schema: {
        tags: ['devices'],
        summary: 'RTOS threads with average CPU use (an empty list for Linux devices)',
        params: DeviceParams,
        response: responses({ 200: ThreadList }, 401, 404)
      }
    },
    async (request) => await deviceThreadList(db, request.tenantUid, request.params.uid)
  )

  app.get(
    '/:uid/packages/',
    {
      schema: {
        tags: ['devices'],
        summary: 'Packages of a device, one row per (package, CVE) finding; a package without CVE has one row with nulls',
        params: DeviceParams,
        querystring: PackageQuery,
        response: responses({ 200: PackageList }, 400, 401, 404)
      }
    },
    async (request) =>
      await devicePackageList(
        db,
        request.tenantUid,
        request.params.uid,
        request.query,
        // The total is cached by data version, so paging costs one query.
        async (key, count) => await cachedCount(request, key, count)
      )
  )

  app.get(
    '/:uid/packages/count/',
    {
      schema: {
        tags: ['devices'],
        summary: 'Distinct packages, CVE findings and high-risk (CVSS > 7.5) findings of a device',
        params: DeviceParams,
        response: responses({ 200: PackageCount }, 401, 404)
      }
    },
    async (request) => await devicePackageCount(db, request.tenantUid, request.params.uid)
  )
}
