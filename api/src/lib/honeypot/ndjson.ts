/** One line of a newline-delimited body: its 1-based number and text, or why it was dropped. */
export type NdjsonLine =
  | { line: number, text: string }
  | { line: number, error: string }

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

/**
 * Splits a byte stream into lines without ever holding more than one line (at most `maxLine`
 * bytes) plus one chunk in memory. A longer line is reported and skipped, not buffered; more than
 * `maxBytes` in total throws BodyTooLargeError. Blank lines are skipped silently.
 */
export async function * ndjsonLines (stream: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, maxBytes: number, maxLine: number): AsyncGenerator<NdjsonLine> {
  let total = 0
  let line = 0
  let parts: Buffer[] = []
  let length = 0
  let tooLong = false

  const finish = (): NdjsonLine | undefined => {
    line++
    const wasTooLong = tooLong
    const buffer = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length)
    parts = []
    length = 0
    tooLong = false
    if (wasTooLong) return { line, error: `line longer than ${maxLine} bytes` }
    const text = buffer.toString('utf8').replace(/\r$/, '')
    return text.trim() === '' ? undefined : { line, text }
  }

  for await (const piece of stream) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece
    total += chunk.length
    if (total > maxBytes) throw new BodyTooLargeError(`Body larger than ${maxBytes} bytes.`)
    let start = 0
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start)
      const end = newline === -1 ? chunk.length : newline
      if (!tooLong) {
        if (length + end - start > maxLine) {
          tooLong = true
          parts = []
          length = 0
        } else if (end > start) {
          parts.push(chunk.subarray(start, end))
          length += end - start
        }
      }
      if (newline === -1) break
      const result = finish()
      if (result !== undefined) yield result
      start = newline + 1
    }
  }
  if (length > 0 || tooLong) {
    const result = finish()
    if (result !== undefined) yield result
  }
}
