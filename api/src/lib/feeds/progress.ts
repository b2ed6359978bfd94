/** What a sync reports while it runs (the CLI draws it on the terminal; the server ignores it). */
export type FeedProgress =
  | { feed: string; phase: 'download'; bytes: number; total: number | null }
  | { feed: string; phase: 'parse'; records: number; seconds: number }
  | { feed: string; phase: 'switch' }

/** How a feed's sync ended. */
export interface FeedOutcome {
  name: string
  status: 'unchanged' | 'changed' | 'failed'
  /** One line for the CLI and the log. */
  message: string
}
