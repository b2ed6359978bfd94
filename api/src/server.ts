import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { describeStartupError, openConfiguredDatabase } from './lib/startup.js'
import { hasTenants, seed, type SeedResult } from './lib/seed.js'

async function main(): Promise<void> {
  const config = loadConfig()
  const database = await openConfiguredDatabase(config, { requestLimits: true })

  let seeded: SeedResult | undefined
  let app: FastifyInstance
  try {
    // A production install (CONSOLE_DEMO=false) starts empty: no demo tenant, catalogue or honeynet history.
    // Start-up work runs on the job connections: no request timeout cuts a first seed short.
    if (config.demo && !(await hasTenants(database.jobDb))) {
      seeded = await seed(database.jobDb, { demoPassword: config.demoPassword, otherPassword: config.otherPassword })
    }
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
  const url = `http://localhost:${port}`
  if (seeded?.demo.created === true) {
    const password = seeded.demo.passwordFromEnv ? '(password from CONSOLE_DEMO_PASSWORD)' : seeded.demo.password
    console.log(`Console ready at ${url} — sign in as ${seeded.demo.email} with password ${password}`)
    if (seeded.other.created) {
      const other = seeded.other.passwordFromEnv ? '(password from CONSOLE_OTHER_PASSWORD)' : seeded.other.password
      console.log(`A second tenant shows isolation: ${seeded.other.email} with password ${other}`)
    }
  } else if (!(await hasTenants(database.db))) {
    console.log(
      `Console ready at ${url} — no tenant yet: create one with npm run cli -- create-tenant --name <name>, then create-user --tenant <uid> --email <email> --password <password> (with the embedded database, stop the server first)`
    )
  } else {
    console.log(`Console ready at ${url}`)
  }
}

main().catch((error: unknown) => {
  console.error(`Cannot start the console: ${describeStartupError(error)}`)
  process.exit(1)
})
