import { parentPort } from 'node:worker_threads'
import { loadPackagedTables } from './geoip.js'

/** Reads the packaged IP database off the main thread and hands its typed arrays over (transferred). */
const started = performance.now()
const tables = loadPackagedTables()
const asns = tables.asns.parts()
const countries = tables.countries.parts()
const buffers = [asns, countries].flatMap((parts) =>
  [parts.v4, parts.v6].flatMap((ranges) => [
    ranges.starts.buffer as ArrayBuffer,
    ranges.ends.buffer as ArrayBuffer,
    ranges.labels.buffer as ArrayBuffer
  ])
)
parentPort!.postMessage({ asns, countries, versions: tables.versions, loadMs: performance.now() - started }, buffers)
