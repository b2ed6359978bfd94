import { Type, type Static } from 'typebox'
import { DateTime, NullableString, orderingQuery, pagedList, pagingQuery, searchQuery } from './common.js'
import { VexAnswer } from './insights-triage.js'
import { Coverage, ExploitDataFields, Prioritisation } from './vulns.js'

// INSIGHTS (`/api/v1/insights`, docs/insights-api.md): reports, their audit result and SBOM, the scan upload.

export const AssessmentType = Type.Union([Type.Literal('system'), Type.Literal('application')])
export const ReportName = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  description: '1..200 characters, not blank; stored trimmed'
})
export const ReportParams = Type.Object({ uid: Type.String({ maxLength: 64 }) })
export const ReportListQuery = Type.Object({ ...pagingQuery(1000, 1000) }, { additionalProperties: false })

export const ReportListItem = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  assessment_type: AssessmentType,
  created_at: DateTime,
  has_scan_uploaded: Type.Boolean()
})
/** What the list adds beside the spec's columns: the state of the report's scans. */
export const ScanStatus = Type.Union(
  [Type.Literal('not_uploaded'), Type.Literal('sbom'), Type.Literal('audit'), Type.Literal('sbom_and_audit')],
  { description: 'which scan parts the report holds' }
)
export const ReportListRow = Type.Interface([ReportListItem], {
  scan_status: ScanStatus,
  scan_uploaded_at: Type.Union([DateTime, Type.Null()], { description: 'the latest accepted upload' }),
  open_vulnerabilities: Type.Union([Type.Integer(), Type.Null()], { description: 'of the latest SBOM scan (null: none kept)' }),
  critical_vulnerabilities: Type.Union([Type.Integer(), Type.Null()], {
    description: 'open and critical, of the latest SBOM scan'
  })
})
export const ReportList = pagedList(ReportListRow)

export const ReportCreate = Type.Object(
  {
    name: ReportName,
    assessment_type: Type.Optional(AssessmentType)
  },
  { additionalProperties: false }
)

const ShortText = Type.String({ maxLength: 2000 })
const LongText = Type.String({ maxLength: 10000 })

export const ReportContext = Type.Object({
  make: Type.String(),
  model: Type.String(),
  internet_facing: Type.Boolean(),
  ota_capable: Type.Boolean(),
  encryption_at_rest: Type.Boolean(),
  encryption_in_transit: Type.Boolean(),
  industry: Type.String(),
  purpose: Type.String(),
  environment: Type.String(),
  sold_in: Type.String()
})

export const ContextPatch = Type.Object(
  {
    make: Type.Optional(ShortText),
    model: Type.Optional(ShortText),
    internet_facing: Type.Optional(Type.Boolean()),
    ota_capable: Type.Optional(Type.Boolean()),
    encryption_at_rest: Type.Optional(Type.Boolean()),
    encryption_in_transit: Type.Optional(Type.Boolean()),
    industry: Type.Optional(ShortText),
    purpose: Type.Optional(LongText),
    environment: Type.Optional(LongText),
    sold_in: Type.Optional(ShortText)
  },
  { additionalProperties: false }
)

export const ReportPatch = Type.Object(
  {
    name: Type.Optional(ReportName),
    context: Type.Optional(ContextPatch)
  },
  { additionalProperties: false }
)

/** One report: its list item's fields, then the detail. */
export const Report = Type.Interface([ReportListItem], {
  token: Type.String({ description: 'upload token for POST /v1/insights/cli/scan: rt_ + 32 url-safe characters' }),
  has_sbom: Type.Boolean(),
  has_audit: Type.Boolean(),
  scan_uploaded_at: Type.Union([DateTime, Type.Null()]),
  analysis: Type.Union([Type.String({ description: 'plain-English findings summary written at upload' }), Type.Null()]),
  make: NullableString,
  model: NullableString,
  industry: NullableString,
  context: ReportContext
})

// The audit result of spec §3, as stored (normalised).
export const RuleSeverity = Type.Union([
  Type.Literal('critical'),
  Type.Literal('high'),
  Type.Literal('medium'),
  Type.Literal('low')
])
export const RuleStatus = Type.Union([Type.Literal('PASS'), Type.Literal('FAIL'), Type.Literal('SKIPPED')])

export const Rule = Type.Object({
  id: Type.String(),
  title: Type.String(),
  severity: RuleSeverity,
  version: Type.String(),
  description: Type.String(),
  profiles: Type.Array(Type.String()),
  regulations: Type.Array(Type.Object({ id: Type.String(), controls: Type.Array(Type.String()) })),
  os: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'OS name → supported versions' }),
  test: Type.Object({ type: Type.String(), strategy: Type.String(), target: Type.String(), check: Type.String() })
})

export const RuleResult = Type.Object({ id: Type.String(), status: RuleStatus, message: Type.String() })
export const ProfileScore = Type.Object({ score: Type.Number(), max: Type.Number() })

export const AuditResult = Type.Object({
  rules: Type.Object({
    globals: Type.Object({ profiles: Type.Record(Type.String(), Type.Object({ description: Type.String() })) }),
    rules: Type.Array(Rule)
  }),
  results: Type.Array(RuleResult),
  profile_scores: Type.Record(Type.String(), ProfileScore)
})

// The normalised SBOM. Documentation only: the route sends the stored bytes as they are.
// Missing optional values are null (strings) or [] (lists), never invented.
export const SbomSource = Type.Object({ name: NullableString, url: NullableString })
export const SbomLicense = Type.Union([
  Type.Object({ license: Type.Object({ id: NullableString, name: NullableString, url: NullableString }) }),
  Type.Object({ expression: Type.String() })
])
export const SbomProperty = Type.Object({ name: Type.String(), value: NullableString })

export const SbomRootComponent = Type.Object(
  {
    name: Type.String(),
    version: NullableString,
    type: Type.String(),
    group: NullableString,
    purl: NullableString,
    'bom-ref': NullableString
  },
  { description: 'metadata.component: what the BOM describes' }
)

export const SbomTool = Type.Object({
  name: NullableString,
  version: NullableString,
  vendor: NullableString,
  group: NullableString
})

export const SbomComponent = Type.Object({
  'bom-ref': NullableString,
  name: Type.String(),
  type: Type.String(),
  version: NullableString,
  group: NullableString,
  description: NullableString,
  purl: NullableString,
  licenses: Type.Array(SbomLicense),
  properties: Type.Array(SbomProperty)
})

export const SbomRating = Type.Object({
  severity: Type.Union([Type.String({ description: 'critical, high, medium, low, info, none or unknown' }), Type.Null()]),
  method: NullableString,
  score: Type.Union([Type.Number(), Type.Null()]),
  vector: NullableString,
  source: Type.Union([SbomSource, Type.Null()])
})

export const SbomVulnerabilityAnalysis = Type.Object(
  {
    state: Type.Union([
      Type.String({
        description: 'resolved, resolved_with_pedigree, exploitable, in_triage, false_positive or not_affected'
      }),
      Type.Null()
    ]),
    justification: Type.Union([
      Type.String({ description: 'why not_affected: code_not_present, code_not_reachable, …' }),
      Type.Null()
    ]),
    response: Type.Array(Type.String({ description: 'can_not_fix, will_not_fix, update, rollback or workaround_available' })),
    detail: NullableString
  },
  { description: "the SBOM's own VEX analysis of the vulnerability (CycloneDX vulnerabilities[].analysis), as uploaded" }
)

export const SbomVulnerability = Type.Object({
  id: NullableString,
  'bom-ref': NullableString,
  source: SbomSource,
  ratings: Type.Array(SbomRating),
  affects: Type.Array(Type.Object({ ref: Type.String() })),
  description: NullableString,
  detail: NullableString,
  recommendation: NullableString,
  advisories: Type.Array(Type.Object({ title: NullableString, url: Type.String() })),
  published: NullableString,
  updated: NullableString,
  cwes: Type.Array(Type.Integer()),
  analysis: Type.Optional(
    Type.Union([SbomVulnerabilityAnalysis, Type.Null()], {
      description: 'null when the SBOM states none; absent in SBOMs stored before the console read VEX (sent as stored)'
    })
  ),
  properties: Type.Optional(
    Type.Array(SbomProperty, {
      description:
        "the file's own, then the console's marks: console:source = osv-feed (added from the console's OSV feed), console:added-affect = a ref it added, console:fixed-version = a version the feed names as the fix of a matched component, console:demo = true (only the demo catalogue supports it), console:severity-from-score = the index of a CVSS rating whose severity the console set from its score (the file stated none); absent in SBOMs stored before the analysis existed (sent as stored)"
    })
  )
})

export const SbomMetadata = Type.Object({
  timestamp: NullableString,
  component: Type.Union([SbomRootComponent, Type.Null()]),
  tools: Type.Object({
    components: Type.Array(SbomTool, { description: '1.2-1.4 tools[] and 1.5+ tools.components, in one list' })
  })
})

export const SbomDependency = Type.Object({
  ref: Type.String(),
  dependsOn: Type.Array(Type.String())
})

export const Sbom = Type.Object({
  spec_version: Type.String({ description: 'CycloneDX specVersion, 1.2 to 1.7' }),
  serial_number: NullableString,
  metadata: SbomMetadata,
  components: Type.Array(SbomComponent, { description: 'nested components flattened, parents first, in document order' }),
  vulnerabilities: Type.Array(SbomVulnerability, {
    description: "the SBOM's own vulnerabilities, then those the console found in its OSV feed"
  }),
  dependencies: Type.Optional(
    Type.Array(SbomDependency, {
      description: "the BOM's dependency graph (`ref` → `dependsOn`, as written); absent in SBOMs stored before it was kept"
    })
  )
})

export const ScanAnswer = Type.Object({
  report_uid: Type.String(),
  has_scan_uploaded: Type.Literal(true),
  sbom: Type.Union([
    Type.Object({ spec_version: Type.String(), components: Type.Integer(), vulnerabilities: Type.Integer() }),
    Type.Null()
  ]),
  audit: Type.Union([Type.Object({ rules: Type.Integer(), results: Type.Integer() }), Type.Null()]),
  vex: Type.Optional(
    Type.Union([VexAnswer, Type.Null()], { description: 'what the vex file applied (absent or null without one)' })
  )
})

const Count = Type.Integer({ minimum: 0 })

/** GET .../sbom/feed/: coverage of the console's feed over the SBOM, and KEV/EPSS per vulnerability. */
export const SbomFeed = Type.Object({
  demo: Type.Boolean({ description: 'a demo SBOM (the seed wrote it): matched against the demo catalogue too' }),
  checked: Count,
  unsupported: Type.Integer({ minimum: 0, description: 'components with a purl of an ecosystem the console cannot match' }),
  no_purl: Type.Integer({ minimum: 0, description: 'components without a (valid) purl or bom-ref: not checked' }),
  coverage: Type.Array(Coverage),
  vulnerabilities: Type.Record(Type.String(), Prioritisation, {
    description: "by the SBOM's vulnerability ids; only entries with KEV or EPSS data are present"
  }),
  ...ExploitDataFields
})

// CSV exports of the report's tables (`…/rules/export.csv`, `…/sbom/components/export.csv`,
// `…/sbom/vulnerabilities/export.csv`): the filters and sort the tables offer.

export const RuleExportQuery = Type.Object(
  {
    profile: Type.Optional(
      Type.String({ maxLength: 200, description: 'a profile name: the rules of that profile (the Filter by Profile select)' })
    ),
    severity: Type.Optional(Type.String({ maxLength: 64, description: 'comma-separated: critical, high, medium, low' })),
    status: Type.Optional(Type.String({ maxLength: 64, description: 'comma-separated: PASS, FAIL, SKIPPED' })),
    search: searchQuery
  },
  { additionalProperties: false }
)

export const SbomComponentExportQuery = Type.Object(
  {
    type: Type.Optional(
      Type.String({ maxLength: 100, description: "a component type (the Filter by Component Type select; 'unknown' for none)" })
    ),
    search: Type.Optional(
      Type.String({ maxLength: 200, description: "the table's search: name, group or package URL containing it, any case" })
    ),
    ordering: orderingQuery
  },
  { additionalProperties: false }
)

export const SbomVulnerabilityExportQuery = Type.Object(
  {
    type: Type.Optional(Type.String({ maxLength: 100, description: 'the vulnerabilities affecting a component of this type' })),
    vex: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'the Filter by Analysis select: open, not_affected, false_positive or resolved (of the analysis that holds)'
      })
    ),
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          "the table's search: the id, or an affected component's name@version, name or package URL containing it, any case"
      })
    ),
    ordering: orderingQuery
  },
  { additionalProperties: false }
)

/** GET /v1/insights/cli/scanner/: the console-scan program. */
export const ScannerScript = Type.String({ description: 'POSIX sh program (text/x-shellscript)' })

export type AssessmentType = Static<typeof AssessmentType>
export type ReportParams = Static<typeof ReportParams>
export type ReportListQuery = Static<typeof ReportListQuery>
export type ReportListItem = Static<typeof ReportListItem>
export type ReportList = Static<typeof ReportList>
export type ScanStatus = Static<typeof ScanStatus>
export type ReportListRow = Static<typeof ReportListRow>
export type ReportCreate = Static<typeof ReportCreate>
export type ReportContext = Static<typeof ReportContext>
export type ContextPatch = Static<typeof ContextPatch>
export type ReportPatch = Static<typeof ReportPatch>
export type Report = Static<typeof Report>
export type RuleExportQuery = Static<typeof RuleExportQuery>
export type SbomComponentExportQuery = Static<typeof SbomComponentExportQuery>
export type SbomVulnerabilityExportQuery = Static<typeof SbomVulnerabilityExportQuery>
export type RuleSeverity = Static<typeof RuleSeverity>
export type RuleStatus = Static<typeof RuleStatus>
export type Rule = Static<typeof Rule>
export type RuleResult = Static<typeof RuleResult>
export type ProfileScore = Static<typeof ProfileScore>
export type AuditResult = Static<typeof AuditResult>
export type SbomSource = Static<typeof SbomSource>
export type SbomLicense = Static<typeof SbomLicense>
export type SbomProperty = Static<typeof SbomProperty>
export type SbomRootComponent = Static<typeof SbomRootComponent>
export type SbomTool = Static<typeof SbomTool>
export type SbomComponent = Static<typeof SbomComponent>
export type SbomRating = Static<typeof SbomRating>
export type SbomDependency = Static<typeof SbomDependency>
export type SbomVulnerability = Static<typeof SbomVulnerability>
export type SbomVulnerabilityAnalysis = Static<typeof SbomVulnerabilityAnalysis>
export type SbomMetadata = Static<typeof SbomMetadata>
export type Sbom = Static<typeof Sbom>
export type ScanAnswer = Static<typeof ScanAnswer>
export type SbomFeed = Static<typeof SbomFeed>
