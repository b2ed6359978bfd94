import { Type, type Static } from 'typebox'
import { NullableDateTime, NullableString } from './common.js'

// KEV and EPSS (docs/vuln-feed-api.md): what to fix first, shown wherever a finding is.

const NullableDate = Type.Union([Type.String({ format: 'date' }), Type.Null()])

/** CISA's Known Exploited Vulnerabilities catalogue entry of a CVE. */
export const Kev = Type.Object({
  date_added: NullableDate,
  due_date: NullableDate,
  known_ransomware: Type.Boolean({ description: 'knownRansomwareCampaignUse is "Known"' }),
  vendor_project: Type.String(),
  product: Type.String(),
  vulnerability_name: Type.String(),
  required_action: Type.String()
})

export const NullableKev = Type.Union([Kev, Type.Null()])
/** EPSS probability or percentile, 0..1; null when not scored. */
export const Probability = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()])

export const ExploitDataFields = {
  kev_loaded: Type.Boolean({ description: "CISA's KEV catalogue is loaded (else KEV counts are unknown, not 0)" }),
  epss_loaded: Type.Boolean({ description: 'EPSS scores are loaded (else EPSS is unknown)' })
}

/** KEV and EPSS of one vulnerability. */
export const Prioritisation = Type.Object({ kev: NullableKev, epss: Probability, epss_percentile: Probability })

const Count = Type.Integer({ minimum: 0 })

/** What the console knows about one ecosystem of a device's packages or an SBOM's components. */
export const Coverage = Type.Object({
  ecosystem: Type.String({ description: 'the matching key: "Debian:12", "Ubuntu:22.04:LTS", "npm", "PyPI"' }),
  packages: Count,
  advisories: Type.Integer({ minimum: 0, description: 'real advisories loaded for this ecosystem; 0 = findings are incomplete' }),
  demo_advisories: Type.Integer({ minimum: 0, description: 'demo catalogue records (cover demo devices and SBOMs only)' })
})

/** Where a finding comes from: a real OSV advisory, the demo catalogue only, or none (no CVE). */
export const FindingSource = Type.Union([Type.Literal('osv'), Type.Literal('demo'), Type.Null()], {
  description: 'demo: only the demo catalogue says so'
})

/** An advisory page about a CVE (OSV, NVD, the distribution's tracker, GitHub, CISA KEV). */
export const AdvisoryLink = Type.Object({ label: Type.String(), url: Type.String({ format: 'uri' }) })

// GET /v1/cves/{uid}/description/ (CVE records are global).
export const CveParams = Type.Object({ uid: Type.String({ maxLength: 64 }) })

export const CveDescription = Type.Object({
  cve_id: Type.String(),
  description: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  vector: NullableString,
  aliases: Type.Array(Type.String()),
  demo: Type.Boolean({ description: 'described by the demo catalogue only (no real advisory names it)' }),
  kev: NullableKev,
  epss: Probability,
  epss_percentile: Probability,
  links: Type.Array(AdvisoryLink, { description: 'https only' })
})

// GET /v1/feeds/ (the feed is global, not per tenant).
export const FeedStateQuery = Type.Object({}, { additionalProperties: false })

export const FeedKind = Type.Union([Type.Literal('osv'), Type.Literal('kev'), Type.Literal('epss'), Type.Literal('file')])

export const FeedSource = Type.Object({
  name: Type.String({ description: '"osv:Debian", "kev", "epss", or "file:osv" for import-osv' }),
  kind: FeedKind,
  ecosystem: NullableString,
  url: NullableString,
  records: Count,
  version: Type.Union([Type.String({ description: 'KEV catalogVersion, EPSS model version' }), Type.Null()]),
  released_at: NullableDateTime,
  last_attempt_at: NullableDateTime,
  last_success_at: NullableDateTime,
  last_changed_at: NullableDateTime,
  last_error: NullableString,
  last_error_at: NullableDateTime,
  applying_since: Type.Union([
    Type.String({
      format: 'date-time',
      description:
        'Set while an update is applied in steps (PGlite); set while no sync runs: the copy was left partly updated until the next sync completes it'
    }),
    Type.Null()
  ])
})

export const FeedEcosystem = Type.Object({ ecosystem: Type.String(), advisories: Count, demo_advisories: Count })

export const FeedState = Type.Object({
  sources: Type.Array(FeedSource),
  ecosystems: Type.Array(FeedEcosystem),
  demo_catalogue: Type.Object({
    records: Type.Integer({ minimum: 0, description: '0 after remove-demo or with CONSOLE_DEMO=false' })
  }),
  sync: Type.Object({
    interval_hours: Type.Integer({ minimum: 0, description: '0: no scheduled sync' }),
    running: Type.Boolean(),
    next_at: NullableDateTime
  }),
  rematch: Type.Object({
    pending: Type.Integer({
      minimum: 0,
      description:
        'Package names and CVE rows an OSV change touched whose devices and SBOMs are not re-matched yet (a sync stopped mid re-match, or one running now); 0: findings follow the stored feed'
    }),
    since: Type.Union([Type.String({ format: 'date-time', description: 'When the oldest of them was queued' }), Type.Null()])
  })
})

export type Kev = Static<typeof Kev>
export type Prioritisation = Static<typeof Prioritisation>
export type Coverage = Static<typeof Coverage>
export type FindingSource = Static<typeof FindingSource>
export type AdvisoryLink = Static<typeof AdvisoryLink>
export type CveParams = Static<typeof CveParams>
export type CveDescription = Static<typeof CveDescription>
export type FeedKind = Static<typeof FeedKind>
export type FeedSource = Static<typeof FeedSource>
export type FeedEcosystem = Static<typeof FeedEcosystem>
export type FeedState = Static<typeof FeedState>
