/** `db.execute` answers `{ rows }` on PGlite and an array on postgres-js: read both the same way. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return (result as { rows?: T[] }).rows ?? []
}

/** Splits rows into batches of `size` (multi-row INSERTs stay under the engines' parameter limits). */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
