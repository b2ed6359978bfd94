import type { AuditResult } from '@console/contracts'
import { RULE_SEVERITIES, type SbomStats } from '../../db/schema/index.js'
import { ADDED_AFFECT_PROPERTY, type SbomDocument } from './cyclonedx.js'
import { licenseSetsOf } from './license-sets.js'
import { isFeedVulnerability } from './sbom-vulns.js'
import { highestSeverity, severityRank } from './severity.js'
import { plural } from '../plural.js'

/**
 * The report's `analysis`: a short plain-English summary of the stored scan, written after each
 * accepted upload. Deterministic (same data, same words); no AI service is involved.
 */

const WORST = 5
const AFFECTS_SHOWN = 3

const number = (n: number): string => n.toLocaleString('en-US')

/**
 * Counts and the worst vulnerabilities of an SBOM, kept beside it so later audits can reuse them;
 * with `feed` (the analysis against the console's feed ran), what that analysis added.
 */
export function sbomStats(sbom: SbomDocument, feed?: { checked: number }): SbomStats {
  const bySeverity: SbomStats['by_severity'] = { critical: 0, high: 0, medium: 0, low: 0, none: 0, unknown: 0 }
  const ranked = sbom.vulnerabilities.map((vulnerability, index) => {
    const severity = highestSeverity(vulnerability.ratings)
    bySeverity[severity]++
    const scores = vulnerability.ratings.map((rating) => rating.score).filter((score): score is number => score !== null)
    return {
      vulnerability,
      index,
      severity,
      rank: severityRank(severity),
      score: scores.length === 0 ? null : Math.max(...scores)
    }
  })
  ranked.sort((a, b) => b.rank - a.rank || (b.score ?? -1) - (a.score ?? -1) || a.index - b.index)
  // Names only for the refs the worst ones affect (the first component with each ref): no map of
  // every component of a 900,000-component SBOM.
  const wanted = new Set(ranked.slice(0, WORST).flatMap(({ vulnerability }) => vulnerability.affects.map((affect) => affect.ref)))
  const names = new Map<string, string>()
  // The root (metadata.component) first: a VEX's affects often name it.
  const root = sbom.metadata.component
  for (const component of wanted.size === 0 ? [] : root === null ? sbom.components : [root, ...sbom.components]) {
    const ref = component['bom-ref']
    if (ref !== null && wanted.has(ref) && !names.has(ref))
      names.set(ref, component.version === null ? component.name : `${component.name} ${component.version}`)
  }
  return {
    ...(feed === undefined
      ? {}
      : {
          feed: {
            checked: feed.checked,
            vulnerabilities: sbom.vulnerabilities.filter(isFeedVulnerability).length,
            affects: sbom.vulnerabilities.reduce(
              (n, v) => n + v.properties.filter((p) => p.name === ADDED_AFFECT_PROPERTY).length,
              0
            )
          }
        }),
    components: sbom.components.length,
    vulnerabilities: sbom.vulnerabilities.length,
    licenses: licenseSetsOf(sbom.components),
    by_severity: bySeverity,
    worst: ranked.slice(0, WORST).map(({ vulnerability, severity, score }) => ({
      id: vulnerability.id,
      severity,
      score,
      // A VEX-only BOM points at components it does not list: name the ref as given. Copies of one
      // package at several paths (npm) read the same: named once.
      affects: [...new Set(vulnerability.affects.map((affect) => names.get(affect.ref) ?? affect.ref))]
    }))
  }
}

function auditParagraph(audit: AuditResult): string {
  const rules = new Map(audit.rules.rules.map((rule) => [rule.id, rule]))
  const counts = { PASS: 0, FAIL: 0, SKIPPED: 0 }
  for (const result of audit.results) counts[result.status]++
  const lines = [
    `Compliance audit: ${plural(audit.rules.rules.length, 'rule')} in the rule set, ${number(audit.results.length)} checked — ` +
      `${number(counts.PASS)} passed, ${number(counts.FAIL)} failed, ${number(counts.SKIPPED)} skipped.`
  ]

  const failed = audit.results.filter((result) => result.status === 'FAIL').map((result) => rules.get(result.id)!)
  if (failed.length === 0) {
    lines.push(audit.results.length === 0 ? 'No rule results were uploaded.' : 'No rule failed.')
  } else {
    const bySeverity = RULE_SEVERITIES.map(
      (severity) => [severity, failed.filter((rule) => rule.severity === severity).length] as const
    )
      .filter(([, n]) => n > 0)
      .map(([severity, n]) => `${number(n)} ${severity}`)
    lines.push(`Failed rules by severity: ${bySeverity.join(', ')}.`)
    const worst = failed
      .map((rule, index) => ({ rule, index }))
      .sort((a, b) => RULE_SEVERITIES.indexOf(a.rule.severity) - RULE_SEVERITIES.indexOf(b.rule.severity) || a.index - b.index)
      .slice(0, WORST)
      .map(({ rule }) => `${rule.title} (${rule.id}, ${rule.severity})`)
    lines.push(`Most severe failures: ${worst.join('; ')}.`)
  }

  const scores = Object.entries(audit.profile_scores).map(
    ([name, { score, max }]) =>
      `${name.toUpperCase()} ${number(score)}/${number(max)}${max > 0 ? ` (${Math.round((score / max) * 100)}%)` : ''}`
  )
  if (scores.length > 0) lines.push(`Profile scores: ${scores.join(', ')}.`)
  return lines.join(' ')
}

/** What the analysis against the console's OSV feed did (nothing for stats stored before it existed). */
function feedSentence(feed: SbomStats['feed']): string {
  if (feed === undefined) return ''
  if (feed.checked === 0)
    return " No component has a bom-ref and a package URL the console's OSV feed covers (npm, deb, apk, rpm), so none was checked against it."
  const added =
    feed.vulnerabilities === 0 && feed.affects === 0
      ? 'found nothing to add'
      : [
          ...(feed.vulnerabilities > 0 ? [`added ${plural(feed.vulnerabilities, 'vulnerability', 'vulnerabilities')}`] : []),
          ...(feed.affects > 0 ? [`added ${plural(feed.affects, 'affected component')} to vulnerabilities the SBOM listed`] : [])
        ].join(' and ')
  return ` The console checked ${plural(feed.checked, 'component')} against its OSV feed and ${added}.`
}

/** The newest scan's vulnerabilities by what the analyses (the console's, else the file's VEX) leave them. */
export interface TriageTally {
  open: number
  not_affected: number
  false_positive: number
  resolved: number
}

const CLOSED_LABELS = [
  ['not_affected', 'not affected'],
  ['false_positive', 'false positive'],
  ['resolved', 'resolved']
] as const

function triageSentence(tally: TriageTally | null): string {
  if (tally === null) return ''
  const closed = CLOSED_LABELS.filter(([state]) => tally[state] > 0).map(([state, label]) => `${number(tally[state])} ${label}`)
  return ` By analysis (the console's, else the file's VEX): ${[`${number(tally.open)} open`, ...closed].join(', ')}.`
}

function sbomParagraph(stats: SbomStats, tally: TriageTally | null): string {
  const head = `Software bill of materials: ${plural(stats.components, 'component')}`
  if (stats.vulnerabilities === 0) return `${head}, no vulnerabilities listed.${feedSentence(stats.feed)}`
  const levels = (['critical', 'high', 'medium', 'low', 'none', 'unknown'] as const)
    .filter((severity) => stats.by_severity[severity] > 0)
    .map((severity) => `${number(stats.by_severity[severity])} ${severity === 'none' ? 'none/info' : severity}`)
  const worst = stats.worst.map((item) => {
    const rated = item.score === null ? item.severity : `${item.severity}, score ${item.score}`
    const shown = item.affects.slice(0, AFFECTS_SHOWN).join(', ')
    const more = item.affects.length > AFFECTS_SHOWN ? ` and ${number(item.affects.length - AFFECTS_SHOWN)} more` : ''
    return `${item.id ?? '(no id)'} (${rated})${shown === '' ? '' : ` affecting ${shown}${more}`}`
  })
  return (
    `${head}, ${plural(stats.vulnerabilities, 'vulnerability', 'vulnerabilities')}; by highest severity: ` +
    `${levels.join(', ')}.${triageSentence(tally)} Most severe: ${worst.join('; ')}.${feedSentence(stats.feed)}`
  )
}

/** null when the report holds no scan part at all. `triage`: the open and closed counts, when known. */
export function writeAnalysis(parts: {
  audit: AuditResult | null
  sbom: SbomStats | null
  triage?: TriageTally | null
}): string | null {
  const paragraphs = [
    ...(parts.audit === null ? [] : [auditParagraph(parts.audit)]),
    ...(parts.sbom === null ? [] : [sbomParagraph(parts.sbom, parts.triage ?? null)])
  ]
  return paragraphs.length === 0 ? null : paragraphs.join('\n\n')
}
