import fp from 'fastify-plugin'
import type { Config } from '../../config.js'
import type { Database, Db } from '../../db/client.js'
import { LoginLimiter } from '../../lib/login-limiter.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    /** Background jobs' handle (Database.jobDb): no request timeouts, a pool of its own on PostgreSQL. */
    jobDb: Db
    loginLimiter: LoginLimiter
  }
}

/** Decorates the app with the config and the database; closing the app closes the database. */
export const dbPlugin = fp<{ config: Config; database: Database }>(
  async (app, { config, database }) => {
    app.decorate('config', config)
    app.decorate('db', database.db)
    app.decorate('jobDb', database.jobDb)
    // Once a minute at most: during a full disk every sign-in attempt would say it again.
    let warnedAt = 0
    app.decorate(
      'loginLimiter',
      new LoginLimiter(database.db, config, (error) => {
        if (Date.now() - warnedAt < 60_000) return
        warnedAt = Date.now()
        app.log.warn({ err: error }, 'sign-in throttle kept in memory: the database cannot record attempts')
      })
    )
    app.addHook('onClose', async () => {
      await database.close()
    })
  },
  { name: 'db' }
)
