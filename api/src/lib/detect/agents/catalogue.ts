import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client.js'
import { agents } from '../../../db/schema/index.js'
import { found, uidOr404 } from '../../tenant-scope.js'

export const AGENT_VERSION = '1.0.0'

/** The downloadable builds; the Linux agent is one sh script, listed per architecture it supports. */
export const AGENT_BUILDS = [
  { deviceType: 'linux', architecture: 'x86_64' },
  { deviceType: 'linux', architecture: 'aarch64' },
  { deviceType: 'linux', architecture: 'armv7l' },
  { deviceType: 'rtos', architecture: 'cortex-m4' },
  { deviceType: 'rtos', architecture: 'cortex-m33' },
  { deviceType: 'rtos', architecture: 'riscv32' }
] as const

/** Idempotent: inserts the builds of this version that are missing. */
export async function ensureAgentCatalogue(db: Db): Promise<void> {
  await db
    .insert(agents)
    .values(AGENT_BUILDS.map((build) => ({ ...build, version: AGENT_VERSION })))
    .onConflictDoNothing()
}

/** Current builds of one device type, for the install script (architecture → uid). */
export async function buildsOf(db: Db, deviceType: 'linux' | 'rtos') {
  return db
    .select({ uid: agents.uid, architecture: agents.architecture })
    .from(agents)
    .where(and(eq(agents.deviceType, deviceType), eq(agents.version, AGENT_VERSION)))
    .orderBy(asc(agents.architecture))
}

// The catalogue routes (`/api/v1/agents/`): global product data, the same for every tenant.

const COLUMNS = { uid: agents.uid, device_type: agents.deviceType, architecture: agents.architecture, version: agents.version }
type AgentRow = { uid: string; device_type: string; architecture: string; version: string }
const present = (row: AgentRow) => ({ ...row, device_type: row.device_type as 'linux' | 'rtos' })

/** Every downloadable build, by device type, architecture and version. */
export async function listAgents(db: Db) {
  const rows = await db
    .select(COLUMNS)
    .from(agents)
    .orderBy(asc(agents.deviceType), asc(agents.architecture), asc(agents.version), asc(agents.uid))
  return { results: rows.map(present) }
}

/** One build or 404. */
export async function getAgent(db: Db, uid: string) {
  const [row] = await db
    .select(COLUMNS)
    .from(agents)
    .where(eq(agents.uid, uidOr404(uid)))
  return present(found(row))
}
