import cluster from 'node:cluster'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import { loadConfig, type Config } from './config.js'
import { limitHeapGrowth } from './lib/heap-growth.js'
import { describeStartupError, openConfiguredDatabase } from './lib/startup.js'
import { hasTenants, seed, type SeedResult } from './lib/seed.js'

/** Migrates, and seeds the demo on an empty database (CONSOLE_DEMO); answers what was seeded. */
async function prepareDatabase(config: Config, database: Awaited<ReturnType<typeof openConfiguredDatabase>>) {
  // A production install (CONSOLE_DEMO=false) starts empty: no demo tenant, catalogue or honeynet history.
  // Start-up work runs on the job connections: no request timeout cuts a first seed short.
  if (config.demo && !(await hasTenants(database.jobDb))) {
    return await seed(database.jobDb, { demoPassword: config.demoPassword, otherPassword: config.otherPassword })
  }
  return undefined
}

function announce(port: number, seeded: SeedResult | undefined, tenants: boolean, workers: number): void {
  const url = `http://localhost:${port}`
  const processes = workers > 1 ? ` (${workers} API processes)` : ''
  if (seeded?.demo.created === true) {
    const password = seeded.demo.passwordFromEnv ? '(password from CONSOLE_DEMO_PASSWORD)' : seeded.demo.password
    console.log(`Console ready at ${url}${processes} — sign in as ${seeded.demo.email} with password ${password}`)
    if (seeded.other.created) {
      const other = seeded.other.passwordFromEnv ? '(password from CONSOLE_OTHER_PASSWORD)' : seeded.other.password
      console.log(`A second tenant shows isolation: ${seeded.other.email} with password ${other}`)
    }
  } else if (!tenants) {
    console.log(
      `Console ready at ${url}${processes} — no tenant yet: create one with npm run cli -- create-tenant --name <name>, then create-user --tenant <uid> --email <email> --password <password> (with the embedded database, stop the server first)`
    )
  } else {
    console.log(`Console ready at ${url}${processes}`)
  }
}

/** One API process: the whole console on config.port (a cluster worker shares the port). */
async function serve(config: Config, { prepare }: { prepare: boolean }): Promise<number> {
  const database = await openConfiguredDatabase(config, { requestLimits: true })
  let seeded: SeedResult | undefined
  let app: FastifyInstance
  try {
    if (prepare) seeded = await prepareDatabase(config, database)
    app = await buildApp({ config, database })
  } catch (error) {
    await database.close().catch(() => {})
    throw error
  }
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${describeStartupError(error)}`)
        process.exit(1)
      }
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close().catch(() => {})
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  if (prepare) announce(port, seeded, await hasTenants(database.db), 1)
  return port
}

/**
 * WORKERS > 1: this process migrates and seeds once, then starts the API processes, which share
 * the port (node:cluster). A worker that dies after it served is replaced; one that dies before it
 * ever listened stops the server (a bad config or an unreachable database would only loop).
 */
async function supervise(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config)
  let seeded: SeedResult | undefined
  let tenants: boolean
  try {
    seeded = await prepareDatabase(config, database)
    tenants = await hasTenants(database.db)
  } finally {
    await database.close()
  }
  let closing = false
  let announced = false
  const served = new Set<number>()
  cluster.on('listening', (worker, address) => {
    served.add(worker.id)
    if (announced) return
    announced = true
    announce(address.port, seeded, tenants, config.workers)
  })
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit()
      return
    }
    if (!served.has(worker.id)) {
      console.error(`Cannot start the console: an API process exited before it listened (code ${code ?? signal})`)
      closing = true
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM')
      process.exitCode = 1
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1)
      return
    }
    console.error(`API process ${worker.process.pid} exited (${code ?? signal}); starting another`)
    cluster.fork()
  })
  const shutdown = () => {
    if (closing) return
    closing = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
  for (let i = 0; i < config.workers; i++) cluster.fork()
}

async function main(): Promise<void> {
  limitHeapGrowth()
  const config = loadConfig()
  if (config.workers > 1 && cluster.isPrimary) return await supervise(config)
  // A cluster worker finds the database migrated and seeded by the primary.
  await serve(config, { prepare: cluster.isPrimary })
}

main().catch((error: unknown) => {
  console.error(`Cannot start the console: ${describeStartupError(error)}`)
  process.exit(1)
})
