import {
  Device,
  DeviceExportQuery,
  DeviceList,
  DeviceListQuery,
  DeviceParams,
  NoQuery,
  PackageCount,
  PackageExportQuery,
  PackageList,
  PackageQuery,
  ThreadList
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { cachedCount } from '../../../../../lib/detect/cached-detail.js'
import {
  deleteDevice,
  deviceAccountExport,
  deviceDetail,
  deviceExport,
  devicePackageCount,
  devicePackageExport,
  devicePackageList,
  deviceThreadList,
  listDevices
} from '../../../../../lib/detect/devices.js'
import { responses } from '../../../../../lib/schemas.js'
import { csvExportRoute, listAndExportRoutes } from '../../../../csv-export-route.js'
import { cachedDetailRoute, deleteItemRoute, itemRoute } from '../../../../item-routes.js'

/** Devices of the caller's tenant (spec §7 "Devices, agents and tokens" + the list the spec lacks). */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  const item = { tag: 'devices', params: DeviceParams }
  const listSummary = 'Devices of the tenant: search, ordering, limit/offset'
  const exportSummary = 'The device list as CSV: the same filters and ordering, every matching device'
  const schemas = { querystring: DeviceListQuery, response: DeviceList, exportQuery: DeviceExportQuery }
  listAndExportRoutes(app, { tag: item.tag, listSummary, exportSummary, ...schemas }, listDevices, deviceExport)
  // A hot path: served from the DETECT cache; a miss is one round trip.
  const detailSummary = 'One device with its user accounts and network interfaces'
  cachedDetailRoute(app, { ...item, summary: detailSummary, response: Device, cacheKey: 'device' }, deviceDetail)
  const deleteSummary =
    'Remove a device: its inventory and findings go, its credential stops working; its alerts stay (device null)'
  deleteItemRoute(app, { ...item, summary: deleteSummary }, deleteDevice)

  const threadsSummary = 'RTOS threads with average CPU use (an empty list for Linux devices)'
  itemRoute(app, { ...item, url: '/:uid/threads/', summary: threadsSummary, response: ThreadList }, deviceThreadList)

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

  const countSummary = 'Distinct packages, CVE findings and high-risk (CVSS > 7.5) findings of a device'
  itemRoute(app, { ...item, url: '/:uid/packages/count/', summary: countSummary, response: PackageCount }, devicePackageCount)

  csvExportRoute(
    app,
    {
      ...item,
      url: '/:uid/packages/export.csv',
      summary: "A device's packages as CSV, one row per finding: the table's search and ordering, every row",
      querystring: PackageExportQuery
    },
    async (db, tenantUid, params, query) => await devicePackageExport(db, tenantUid, params.uid, query)
  )
  csvExportRoute(
    app,
    {
      ...item,
      url: '/:uid/accounts/export.csv',
      summary: "A device's system user accounts as CSV",
      querystring: NoQuery
    },
    async (db, tenantUid, params) => await deviceAccountExport(db, tenantUid, params.uid)
  )
}
