import v8 from 'node:v8'

/**
 * How far V8 lets the heap grow past what a full collection left before it collects again, in
 * percent: 80 = 1.8×. V8 picks up to 4× by itself (from how fast it collects against how fast the
 * program allocates), so a process whose live heap is 190 MB (a first feed sync's re-match of a
 * fleet) reached ~500 MB of heap, mostly garbage. A fixed factor leaves the heap ceiling and the
 * worker threads' own limits as they are. `node --heap-growing-percent=N dist/server.js` (or
 * `dist/cli.js`) overrides it (README "Configuration", "Memory of the server process").
 */
export const HEAP_GROWING_PERCENT = 80

/** Sets the factor for this process and the worker threads it starts, unless its command line set one. */
export function limitHeapGrowth(): void {
  if (process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
}
