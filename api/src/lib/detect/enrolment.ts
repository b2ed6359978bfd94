import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { devices, provisionTokens } from '../../db/schema/index.js'
import { HttpError } from '../http-error.js'
import { hashToken, randomToken, safeEqual } from '../tokens.js'
import { bumpTenantData } from '../data-version.js'
import { isUuid } from '../tenant-scope.js'

/**
 * Agent enrolment and device credentials.
 *
 * An agent presents a provision token (X-Provision-Token) and its machine identity; the device is
 * registered in the TOKEN's tenant and gets a credential (`dc_` + 256 random bits), of which only
 * the SHA-256 is stored. Re-enrolling the same machine (same machine id, same tenant) keeps the
 * device and rotates the credential, so the old one stops working at once.
 *
 * The provision token gates enrolment only: a device keeps reporting after its token is disabled
 * or deleted. Operators disable a token to stop NEW enrolments (a leaked or expired rollout
 * token) without cutting off the fleet that already enrolled with it; re-enrolment with a new
 * token is how a device moves to another token.
 */

export const INVALID_TOKEN = 'Invalid provision token. Create one on the Agents page and pass it in the X-Provision-Token header.'
export const DISABLED_TOKEN = 'This provision token is disabled. Enable it on the Agents page or use another token.'
export const INVALID_CREDENTIAL = 'Invalid device credential. Enrol the device again with a provision token.'

const CREDENTIAL_SHAPE = /^dc_[A-Za-z0-9_-]{43}$/

export function newDeviceCredential(): { credential: string; hash: string } {
  const credential = `dc_${randomToken(32)}`
  return { credential, hash: hashToken(credential) }
}

export interface EnrolInput {
  hostname: string
  deviceType: 'linux' | 'rtos'
  machineId: string
  agentVersion: string
}

export interface Enrolment {
  uid: string
  tenantUid: string
  created: boolean
  credential: string
}

/** Registers (or re-registers) the machine in the token's tenant; 401/403 leave nothing behind. */
export async function enrolDevice(db: Db, token: string | undefined, input: EnrolInput): Promise<Enrolment> {
  if (token === undefined || token === '' || token.length > 200)
    throw new HttpError(401, INVALID_TOKEN, { 'www-authenticate': 'Provision-Token' })
  const [row] = await db
    .select({ uid: provisionTokens.uid, tenantUid: provisionTokens.tenantUid, enabled: provisionTokens.enabled })
    .from(provisionTokens)
    .where(eq(provisionTokens.token, token))
  if (row === undefined) throw new HttpError(401, INVALID_TOKEN, { 'www-authenticate': 'Provision-Token' })
  if (!row.enabled) throw new HttpError(403, DISABLED_TOKEN)

  const { credential, hash } = newDeviceCredential()
  const now = new Date()
  const changes = {
    hostname: input.hostname,
    deviceType: input.deviceType,
    provisionTokenUid: row.uid,
    credentialHash: hash,
    credentialIssuedAt: now,
    agentVersion: input.agentVersion
  }
  // One statement, so two agents enrolling the same machine at once still make one device.
  const [device] = await db
    .insert(devices)
    .values({ tenantUid: row.tenantUid, machineId: input.machineId, ...changes })
    .onConflictDoUpdate({ target: [devices.tenantUid, devices.machineId], set: changes })
    .returning({ uid: devices.uid, created: sql<boolean>`(xmax = 0)` })
  bumpTenantData(row.tenantUid)
  return { uid: device!.uid, tenantUid: row.tenantUid, created: device!.created, credential }
}

export interface DevicePrincipal {
  uid: string
  tenantUid: string
  deviceType: 'linux' | 'rtos'
}

/**
 * The device named in the path, when the `Authorization: Device <credential>` header matches its
 * stored hash (constant-time). Every failure reads the same, so nothing tells whether a uid exists.
 */
export async function authenticateDevice(db: Db, deviceUid: string, authorization: string | undefined): Promise<DevicePrincipal> {
  const fail = () => new HttpError(401, INVALID_CREDENTIAL, { 'www-authenticate': 'Device' })
  const match = /^Device\s+(\S+)\s*$/i.exec(authorization ?? '')
  const presented = match?.[1]
  if (presented === undefined || !CREDENTIAL_SHAPE.test(presented) || !isUuid(deviceUid)) throw fail()
  const [row] = await db
    .select({
      uid: devices.uid,
      tenantUid: devices.tenantUid,
      deviceType: devices.deviceType,
      credentialHash: devices.credentialHash
    })
    .from(devices)
    .where(eq(devices.uid, deviceUid.toLowerCase()))
  if (row === undefined || row.credentialHash === null || !safeEqual(hashToken(presented), row.credentialHash)) throw fail()
  return { uid: row.uid, tenantUid: row.tenantUid, deviceType: row.deviceType as 'linux' | 'rtos' }
}
