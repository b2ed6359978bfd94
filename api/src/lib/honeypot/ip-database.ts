import type { Worker } from 'node:worker_threads'
import { tablesLookup, type GeoLookup, type PackagedTables } from './geoip.js'
import { RangeTable, type Ranges } from './ip-ranges.js'
import { startWorker } from '../../worker-thread.js'

interface WorkerReply {
  asns: { v4: Ranges; v6: Ranges; labels: string[] }
  countries: { v4: Ranges; v6: Ranges; labels: string[] }
  versions: PackagedTables['versions']
  loadMs: number
}

export interface IpDatabaseInfo {
  versions: PackagedTables['versions']
  ranges: { asnV4: number; asnV6: number; countryV4: number; countryV6: number }
  /** Bytes of the typed arrays (the label strings add a few MB). */
  bytes: number
  loadMs: number
}

/** The thread that parses the packaged CSVs (ip-database-worker.ts). */
const startLoader = (): Worker => startWorker(import.meta.url, 'ip-database-worker')

/**
 * The packaged IP database, loaded once, lazily: the first ingest that needs a lookup awaits
 * `load()`, which parses the CSVs in a worker thread (a few seconds; the server keeps answering)
 * and keeps ~60 MB of sorted ranges for the life of the process. A console whose sensors all
 * enrich never loads it.
 */
export class IpDatabase {
  private table: GeoLookup | undefined
  private loading: Promise<IpDatabaseInfo> | undefined

  constructor(private readonly start: () => Worker = startLoader) {}

  get loaded(): boolean {
    return this.table !== undefined
  }

  /** undefined until `load()` has resolved. */
  readonly lookup: GeoLookup = (ip) => this.table?.(ip)

  async load(): Promise<IpDatabaseInfo> {
    this.loading ??= new Promise<WorkerReply>((resolve, reject) => {
      const worker = this.start()
      worker.once('message', (reply: WorkerReply) => {
        resolve(reply)
        void worker.terminate()
      })
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the IP database worker exited with code ${code}`)))
    }).then((reply) => {
      const asns = RangeTable.fromParts(reply.asns)
      const countries = RangeTable.fromParts(reply.countries)
      this.table = tablesLookup({ asns, countries })
      return {
        versions: reply.versions,
        ranges: { asnV4: asns.size.v4, asnV6: asns.size.v6, countryV4: countries.size.v4, countryV6: countries.size.v6 },
        bytes: asns.bytes + countries.bytes,
        loadMs: reply.loadMs
      }
    })
    return await this.loading
  }
}
