import type { FeedProgress } from '../lib/feeds/progress.js'

/**
 * The progress of `sync-feeds` on stderr: on a terminal one line redrawn in place (bytes
 * downloaded, records/s), elsewhere (a log, a pipe) one line every 10 s so the output stays short.
 */
export function feedProgressPrinter(stream: NodeJS.WriteStream = process.stderr): {
  update: (event: FeedProgress) => void
  end: () => void
} {
  const tty = stream.isTTY === true
  const every = tty ? 200 : 10_000
  let last = 0
  let drawn = false
  const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1)
  return {
    update: (event) => {
      const now = Date.now()
      if (now - last < every && event.phase !== 'switch') return
      last = now
      const line =
        event.phase === 'download'
          ? `${event.feed}: downloading ${mb(event.bytes)}${event.total === null ? '' : ` of ${mb(event.total)}`} MB`
          : event.phase === 'parse'
            ? `${event.feed}: ${event.records.toLocaleString('en-US')} records read (${Math.round(event.records / Math.max(event.seconds, 0.001)).toLocaleString('en-US')} records/s)`
            : `${event.feed}: switching to the new copy`
      if (tty) {
        stream.write(`\r${line}\x1b[K`)
        drawn = true
      } else {
        stream.write(`${line}\n`)
      }
    },
    end: () => {
      if (drawn) stream.write('\r\x1b[K')
      drawn = false
    }
  }
}
