import type { Db } from '../../db/client.js'
import { inBackground } from '../../db/priority.js'
import { plural } from '../plural.js'
import type { FeedOutcome } from './progress.js'
import { syncFeeds, type SyncResult, type SyncSettings } from './sync.js'

/**
 * The server's feed sync schedule: a first run `delaySeconds` after start, then every
 * `intervalHours`. Timers are unref'd (they never keep the process alive); stop() aborts a run
 * in progress and waits for it, so the database closes after it.
 */

export interface FeedSyncStatus {
  intervalHours: number
  running: boolean
  nextAt: Date | null
}

export interface FeedSyncLog {
  info: (line: string) => void
  warn: (line: string) => void
}

export class FeedSyncJob {
  private timer: NodeJS.Timeout | undefined
  private nextAt: Date | null = null
  private run: Promise<SyncResult | undefined> | undefined
  private controller: AbortController | undefined
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly settings: SyncSettings,
    private readonly schedule: { intervalHours: number; delaySeconds: number },
    private readonly log: FeedSyncLog
  ) {}

  status(): FeedSyncStatus {
    return { intervalHours: this.schedule.intervalHours, running: this.run !== undefined, nextAt: this.nextAt }
  }

  start(): void {
    if (this.schedule.intervalHours > 0 && !this.stopped) this.arm(this.schedule.delaySeconds * 1000)
  }

  private arm(ms: number): void {
    clearTimeout(this.timer)
    this.nextAt = new Date(Date.now() + ms)
    this.timer = setTimeout(() => {
      void this.runOnce()
    }, ms).unref()
  }

  /** One sync now (the timer's, or a test's); resolves when it ended. Never throws. */
  async runOnce(): Promise<SyncResult | undefined> {
    if (this.run !== undefined) return await this.run
    this.nextAt = null
    this.controller = new AbortController()
    const started = Date.now()
    const signal = this.controller.signal
    // Requests go first on PGlite's one connection (db/priority.ts).
    this.run = inBackground(() =>
      syncFeeds(this.db, this.settings, {
        signal,
        onFeed: (outcome: FeedOutcome) =>
          outcome.status === 'failed'
            ? this.log.warn(`feed sync: ${outcome.message}`)
            : this.log.info(`feed sync: ${outcome.message}`),
        log: (line) => this.log.info(`feed sync: ${line}`)
      })
    )
      .then(
        (result) => {
          if (result.matched !== undefined) {
            this.log.info(
              `feed sync: re-matched ${plural(result.matched.devices, 'device')} (${plural(result.matched.findings, 'finding')}) in ${((Date.now() - started) / 1000).toFixed(1)} s in all`
            )
          }
          return result
        },
        (error: unknown) => {
          this.log.warn(`feed sync failed: ${(error as Error).message}`)
          return undefined
        }
      )
      .finally(() => {
        this.run = undefined
        if (!this.stopped && this.schedule.intervalHours > 0) this.arm(this.schedule.intervalHours * 3_600_000)
      })
    return await this.run
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.nextAt = null
    this.controller?.abort()
    await this.run
  }
}
