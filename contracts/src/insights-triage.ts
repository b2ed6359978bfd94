import { Type, type Static } from 'typebox'
import { Actor } from './audit.js'
import { DateTime, itemList, NullableString, pagingQuery } from './common.js'

// Triage of a report's SBOM vulnerabilities (docs/insights-api.md "Triage"): the console's own
// CycloneDX analysis per component and vulnerability, kept across re-uploads, with its trail; the
// VEX upload that sets many at once; the CycloneDX export carrying them.

/** CycloneDX 1.6 `vulnerabilities[].analysis` vocabulary (the VEX part of a BOM). */
export const AnalysisState = Type.Union(
  [
    Type.Literal('resolved'),
    Type.Literal('resolved_with_pedigree'),
    Type.Literal('exploitable'),
    Type.Literal('in_triage'),
    Type.Literal('false_positive'),
    Type.Literal('not_affected')
  ],
  { description: 'CycloneDX 1.6 analysis state' }
)
export const AnalysisJustification = Type.Union(
  [
    Type.Literal('code_not_present'),
    Type.Literal('code_not_reachable'),
    Type.Literal('requires_configuration'),
    Type.Literal('requires_dependency'),
    Type.Literal('requires_environment'),
    Type.Literal('protected_by_compiler'),
    Type.Literal('protected_at_runtime'),
    Type.Literal('protected_at_perimeter'),
    Type.Literal('protected_by_mitigating_control')
  ],
  { description: 'why not_affected (CycloneDX 1.6 analysis justification)' }
)
export const AnalysisResponse = Type.Union(
  [
    Type.Literal('can_not_fix'),
    Type.Literal('will_not_fix'),
    Type.Literal('update'),
    Type.Literal('rollback'),
    Type.Literal('workaround_available')
  ],
  { description: 'CycloneDX 1.6 analysis response' }
)

/** The values of each, in the specification's order (what the SBOM reader checks uploads against). */
const valuesOf = <T extends string>(union: { anyOf: Array<{ const: T }> }): readonly T[] => union.anyOf.map((item) => item.const)
export const ANALYSIS_STATES = valuesOf(AnalysisState)
export const ANALYSIS_JUSTIFICATIONS = valuesOf(AnalysisJustification)
export const ANALYSIS_RESPONSES = valuesOf(AnalysisResponse)

/** Limits of one analysis (the detail is free text an analyst writes). */
export const ANALYSIS_LIMITS = { detail: 5000, vulnerabilityId: 200, component: 2000 } as const

const ComponentText = Type.String({ minLength: 1, maxLength: ANALYSIS_LIMITS.component })

/**
 * Which component: its purl when it has one, else its name (and group) and version. The analysis
 * is kept under that, so a re-upload of the same component finds it.
 */
export const AnalysisComponent = Type.Object(
  {
    purl: Type.Optional(Type.Union([ComponentText, Type.Null()])),
    group: Type.Optional(Type.Union([ComponentText, Type.Null()])),
    name: Type.Optional(ComponentText),
    version: Type.Optional(Type.Union([ComponentText, Type.Null()]))
  },
  { additionalProperties: false, description: 'purl, or name (with group and version) when the component has none' }
)

export const AnalysisSet = Type.Object(
  {
    component: AnalysisComponent,
    vulnerability_id: Type.String({ minLength: 1, maxLength: ANALYSIS_LIMITS.vulnerabilityId, pattern: '\\S' }),
    state: AnalysisState,
    justification: Type.Optional(Type.Union([AnalysisJustification, Type.Null()])),
    response: Type.Optional(Type.Array(AnalysisResponse, { maxItems: 5, uniqueItems: true })),
    detail: Type.Optional(Type.String({ maxLength: ANALYSIS_LIMITS.detail, description: "the analyst's comment; '' when none" }))
  },
  { additionalProperties: false }
)

export const AnalysisSource = Type.Union([Type.Literal('console'), Type.Literal('vex')], {
  description: 'console: set in the console (PUT); vex: applied from an uploaded VEX document'
})

/** An analysis as the console stores it (the current one, and each change in the trail). */
const analysisFields = {
  state: AnalysisState,
  justification: Type.Union([AnalysisJustification, Type.Null()]),
  response: Type.Array(AnalysisResponse),
  detail: Type.String(),
  source: AnalysisSource
}

/** What the console holds for one component and vulnerability of a report. */
export const ConsoleAnalysis = Type.Object({
  component_key: Type.String({ description: 'purl, or "name:" + group/name@version: what a re-upload is matched on' }),
  purl: NullableString,
  group: NullableString,
  name: NullableString,
  version: NullableString,
  vulnerability_id: Type.String(),
  ...analysisFields,
  updated_at: DateTime,
  updated_by: Actor
})

/** Every analysis the console holds for the report. */
export const ConsoleAnalysisList = itemList(ConsoleAnalysis)

export const AnalysisTrailQuery = Type.Object(
  {
    ...pagingQuery(100, 1000),
    vulnerability_id: Type.Optional(Type.String({ maxLength: ANALYSIS_LIMITS.vulnerabilityId })),
    component_key: Type.Optional(Type.String({ maxLength: ANALYSIS_LIMITS.component + 5 }))
  },
  { additionalProperties: false }
)

export const AnalysisChange = Type.Object({
  at: DateTime,
  component_key: Type.String(),
  vulnerability_id: Type.String(),
  ...analysisFields,
  actor: Actor
})

export const AnalysisTrail = Type.Object({
  count: Type.Integer(),
  results: Type.Array(AnalysisChange, { description: 'newest first' })
})

export const VexBody = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'a CycloneDX 1.4+ JSON document whose vulnerabilities[] carry analysis and affects (a VEX or a BOM with VEX)'
  }
)

export const VexAnswer = Type.Object({
  applied: Type.Integer({ minimum: 0, description: 'analyses stored (one per affected component of each good vulnerability)' }),
  rejected: Type.Array(
    Type.Object({
      index: Type.Integer({ minimum: 0, description: 'the vulnerabilities[] index' }),
      id: NullableString,
      reason: Type.String()
    })
  )
})

export type AnalysisState = Static<typeof AnalysisState>
export type AnalysisJustification = Static<typeof AnalysisJustification>
export type AnalysisResponse = Static<typeof AnalysisResponse>
export type AnalysisComponent = Static<typeof AnalysisComponent>
export type AnalysisSet = Static<typeof AnalysisSet>
export type AnalysisSource = Static<typeof AnalysisSource>
export type ConsoleAnalysis = Static<typeof ConsoleAnalysis>
export type ConsoleAnalysisList = Static<typeof ConsoleAnalysisList>
export type AnalysisTrailQuery = Static<typeof AnalysisTrailQuery>
export type AnalysisChange = Static<typeof AnalysisChange>
export type AnalysisTrail = Static<typeof AnalysisTrail>
export type VexBody = Static<typeof VexBody>
export type VexAnswer = Static<typeof VexAnswer>

/** GET …/sbom/export.cdx.json (documentation only: the route sends the JSON text it wrote). */
export const CycloneDxExport = Type.Object(
  { bomFormat: Type.Literal('CycloneDX'), specVersion: Type.Literal('1.6') },
  {
    additionalProperties: true,
    description:
      'CycloneDX 1.6 JSON: the stored components and vulnerabilities (the console feed findings too), each vulnerability with the analysis that holds (the console wins over the file); console: properties say where it comes from'
  }
)
export type CycloneDxExport = Static<typeof CycloneDxExport>
