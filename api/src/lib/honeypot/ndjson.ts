/** One line of a newline-delimited body: its 1-based number and text, or why it was dropped. */
export type NdjsonLine = { line: number; text: string } | { line: number; error: string }

/** A body past one of the limits below; whatever was stored before it stays stored. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

export interface NdjsonLimits {
  /** Bytes in total (after decompression). */
  maxBytes: number
  /** Bytes per line; a longer line is reported and skipped, never buffered. */
  maxLine: number
  /** Lines in total, blank ones included: a body of newlines costs a loop turn per line. */
  maxLines: number
  /**
   * For a compressed body: the compressed bytes received so far, and how many times that the
   * decompressed bytes may reach (past `ratioSlack`), so a gzip bomb stops after its first chunks.
   */
  encodedBytes?: () => number
  maxRatio?: number
  ratioSlack?: number
}

/**
 * Splits a byte stream into lines without ever holding more than one line (at most `maxLine`
 * bytes) plus one chunk in memory. Blank lines are skipped (and counted) without a copy. Throws
 * BodyTooLargeError past any limit (ASVS 5.0 5.2.3, 15.2.2).
 */
export async function* ndjsonLines(
  stream: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  limits: NdjsonLimits
): AsyncGenerator<NdjsonLine> {
  const { maxBytes, maxLine, maxLines, encodedBytes, maxRatio = Infinity, ratioSlack = 0 } = limits
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
    if (encodedBytes !== undefined && total > ratioSlack && total > maxRatio * encodedBytes()) {
      throw new BodyTooLargeError(`Body decompresses to more than ${maxRatio} times its compressed size.`)
    }
    let start = 0
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start)
      const end = newline === -1 ? chunk.length : newline
      if (newline === start && length === 0 && !tooLong) {
        // A blank line: count it, copy nothing.
        if (++line > maxLines) throw new BodyTooLargeError(`Body has more than ${maxLines} lines.`)
        start++
        continue
      }
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
      if (line >= maxLines) throw new BodyTooLargeError(`Body has more than ${maxLines} lines.`)
      const result = finish()
      if (result !== undefined) yield result
      start = newline + 1
    }
  }
  if (length > 0 || tooLong) {
    if (line >= maxLines) throw new BodyTooLargeError(`Body has more than ${maxLines} lines.`)
    const result = finish()
    if (result !== undefined) yield result
  }
}
