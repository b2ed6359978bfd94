/**
 * A per-process limit on heavy work: `active` jobs at a time, `queued` more waiting in order, and
 * beyond that an immediate refusal, so a burst of big uploads costs at most `active` jobs' memory.
 */
export class UploadSlots {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    readonly active: number,
    readonly queued: number
  ) {}

  /** A release function once a slot is free; null at once when the queue is full too. */
  async acquire(): Promise<(() => void) | null> {
    if (this.running >= this.active) {
      if (this.waiting.length >= this.queued) return null
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    let released = false
    return () => {
      if (released) return
      released = true
      // The slot passes straight to the next in line, so `running` never drops below a waiter.
      const next = this.waiting.shift()
      if (next === undefined) this.running--
      else next()
    }
  }
}
