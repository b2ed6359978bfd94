import fp from 'fastify-plugin'
import type { Config } from '../../config.js'
import { FeedSyncJob } from '../../lib/feeds/job.js'
import { syncSettings } from '../../lib/feeds/sync.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The vulnerability feed sync job (off when FEED_SYNC_INTERVAL_HOURS is 0). */
    feedSync: FeedSyncJob
  }
}

/**
 * Keeps the vulnerability feeds fresh: the first sync FEED_SYNC_DELAY_SECONDS after the app is
 * ready, then every FEED_SYNC_INTERVAL_HOURS (0: never; tests and benches run with 0). Closing
 * the app stops it and waits for a sync in progress before the database closes.
 */
export const feedSyncPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const job = new FeedSyncJob(
      app.jobDb,
      syncSettings(config),
      { intervalHours: config.feedSyncIntervalHours, delaySeconds: config.feedSyncDelaySeconds },
      { info: (line) => app.log.info(line), warn: (line) => app.log.warn(line) }
    )
    app.decorate('feedSync', job)
    app.addHook('onReady', async () => {
      job.start()
    })
    app.addHook('preClose', async () => {
      await job.stop()
    })
  },
  { name: 'feed-sync', dependencies: ['db'] }
)
