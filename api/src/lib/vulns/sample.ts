import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The small real OSV sample shipped with the API (api/osv-sample; src/ and dist/ sit at the same depth). */
export const SAMPLE_FEED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'osv-sample')
