import assert from 'node:assert/strict'
import type { LightMyRequestResponse } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { alerts, devices } from '../../../../src/db/schema/index.js'
import { buildTestApp, OTHER_PASSWORD, type Session, type TestApp } from '../../../helpers.js'

/** A test app with the DETECT seed for both tenants and a signed-in session for each. */
export interface DetectApp extends TestApp {
  demo: Session
  other: Session
  demoTenant: string
  otherTenant: string
  /** GET as the demo user (or another session). */
  get: (url: string, session?: Session) => Promise<LightMyRequestResponse>
  /** Unsafe call with cookie + CSRF header. */
  send: (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    session?: Session
  ) => Promise<LightMyRequestResponse>
  /** Some device / alert uid of a tenant. */
  deviceOf: (tenantUid: string, type?: 'linux' | 'rtos') => Promise<string>
  alertOf: (tenantUid: string) => Promise<string>
}

export async function buildDetectApp(env: Record<string, string> = {}): Promise<DetectApp> {
  const t = await buildTestApp({ detect: true, env })
  const demo = await t.login()
  const other = await t.login('other@example.com', OTHER_PASSWORD)
  const db = t.app.db
  return {
    ...t,
    demo,
    other,
    demoTenant: t.seeded.demo.tenantUid,
    otherTenant: t.seeded.other.tenantUid,
    get: (url, session = demo) => t.app.inject({ url, headers: session.headers(false) }),
    send: (method, url, payload, session = demo) =>
      t.app.inject({
        method,
        url,
        headers: session.headers(),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> })
      }),
    deviceOf: async (tenantUid, type = 'linux') => {
      const [row] = await db
        .select({ uid: devices.uid })
        .from(devices)
        .where(and(eq(devices.tenantUid, tenantUid), eq(devices.deviceType, type)))
        .orderBy(devices.hostname)
        .limit(1)
      assert.ok(row, `a ${type} device in ${tenantUid}`)
      return row.uid
    },
    alertOf: async (tenantUid) => {
      const [row] = await db
        .select({ uid: alerts.uid })
        .from(alerts)
        .where(eq(alerts.tenantUid, tenantUid))
        .orderBy(alerts.uid)
        .limit(1)
      assert.ok(row)
      return row.uid
    }
  }
}

export function assertNotFound(response: LightMyRequestResponse, what = ''): void {
  assert.equal(response.statusCode, 404, `${what}: ${response.statusCode} ${response.body}`)
  assert.deepEqual(response.json(), { detail: 'Not found.' })
}

export function assertBadRequest(response: LightMyRequestResponse, what = ''): void {
  assert.equal(response.statusCode, 400, `${what}: ${response.statusCode} ${response.body}`)
  assert.match(response.headers['content-type'] as string, /application\/json/)
  assert.equal(typeof response.json().detail, 'string')
}

/** Keys of an object, sorted: shape assertions compare these. */
export const keysOf = (value: object): string[] => Object.keys(value).sort()
