import { Type, type Static } from 'typebox'
import { DateTime, itemList, NullableString } from './common.js'

// A report's scan history (docs/insights-api.md "Scan history"): every accepted SBOM upload kept
// as counts and a compact summary (the newest INSIGHTS_SCAN_RETENTION per report), and the diff of
// any two.

export const ScanListItem = Type.Object({
  id: Type.String({ description: 'the scan id (uuid), for the diff' }),
  uploaded_at: DateTime,
  components: Type.Integer(),
  vulnerabilities: Type.Integer(),
  open: Type.Integer({ description: 'vulnerabilities no analysis closes (the console’s, else the file’s)' }),
  critical: Type.Integer({ description: 'open vulnerabilities rated critical' })
})
/** Newest first. */
export const ScanList = itemList(ScanListItem)

export const ScanDiffQuery = Type.Object(
  {
    from: Type.String({ maxLength: 64, description: 'the earlier scan id' }),
    to: Type.String({ maxLength: 64, description: 'the later scan id' })
  },
  { additionalProperties: false }
)

export const ScanDiffComponent = Type.Object({ name: Type.String(), purl: NullableString, version: NullableString })
export const ScanDiffUpgrade = Type.Object({
  name: Type.String(),
  purl: NullableString,
  from_version: NullableString,
  to_version: NullableString
})
export const ScanDiffVulnerability = Type.Object({
  id: Type.String(),
  severity: Type.String({ description: 'critical, high, medium, low, none or unknown (in the later scan, else the earlier)' })
})

export const ScanDiff = Type.Object({
  from: ScanListItem,
  to: ScanListItem,
  components: Type.Object({
    added: Type.Array(ScanDiffComponent),
    removed: Type.Array(ScanDiffComponent),
    /** Same package (purl without version, else group/name), another version. */
    upgraded: Type.Array(ScanDiffUpgrade)
  }),
  vulnerabilities: Type.Object({
    /** Open in `to`, not open (absent or closed) in `from`. */
    new: Type.Array(ScanDiffVulnerability),
    /** Open in `from`, absent or closed in `to`. */
    fixed: Type.Array(ScanDiffVulnerability),
    still_open: Type.Array(ScanDiffVulnerability)
  })
})

// The types the frontends use (the diff's parts are ScanDiff['components']…).
export type ScanListItem = Static<typeof ScanListItem>
export type ScanList = Static<typeof ScanList>
export type ScanDiff = Static<typeof ScanDiff>
