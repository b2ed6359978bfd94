import { PROFILES, RULE_SET, RULES, type ProfileName, type Rule, type RuleSet } from './rules.js'

export type RuleStatus = 'PASS' | 'FAIL' | 'SKIPPED'
export interface RuleResult {
  id: string
  status: RuleStatus
  message: string
}
export interface ProfileScore {
  score: number
  max: number
}
/** The audit result of spec section 3, as the scanner writes it to audit.json. */
export interface AuditResult {
  rules: RuleSet
  results: RuleResult[]
  profile_scores: Record<string, ProfileScore>
}

/** Profile names in the order the rule set defines them. */
export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[]

/**
 * The one scoring rule (the scanner's awk computes the same): per profile, `score` = its rules
 * that PASS, `max` = its rules that apply here (PASS or FAIL; SKIPPED rules count for neither).
 */
export function profileScores(
  rules: readonly Rule[],
  results: readonly RuleResult[],
  profiles: readonly string[] = PROFILE_NAMES
): Record<string, ProfileScore> {
  const status = new Map(results.map((r) => [r.id, r.status]))
  const scores: Record<string, ProfileScore> = Object.fromEntries(profiles.map((name) => [name, { score: 0, max: 0 }]))
  for (const rule of rules) {
    const s = status.get(rule.id)
    if (s === undefined || s === 'SKIPPED') continue
    for (const profile of rule.profiles) {
      const entry = scores[profile]
      if (entry === undefined) continue
      entry.max++
      if (s === 'PASS') entry.score++
    }
  }
  return scores
}

const defaultMessage = (rule: Rule, status: RuleStatus): string => {
  const expected = `${rule.test.target}: ${rule.test.check}`
  if (status === 'PASS') return `Compliant (${expected})`
  if (status === 'FAIL') return `Not compliant (expected ${expected})`
  return 'Does not apply to this system'
}

/**
 * An audit result of the shipped rule set with the given outcomes (for demo data and tests):
 * `statuses` maps rule ids to a status or `{status, message}`; rules not named get `otherwise`
 * (default PASS) with a generic message. An unknown rule id throws, so typos cannot hide.
 */
export function auditResultFor(
  statuses: Record<string, RuleStatus | { status: RuleStatus; message: string }>,
  { otherwise = 'PASS' }: { otherwise?: RuleStatus } = {}
): AuditResult {
  const known = new Set(RULES.map((r) => r.id))
  for (const id of Object.keys(statuses)) {
    if (!known.has(id)) throw new Error(`auditResultFor: no rule ${id}`)
  }
  const results = RULES.map((rule): RuleResult => {
    const given = statuses[rule.id]
    if (given === undefined) return { id: rule.id, status: otherwise, message: defaultMessage(rule, otherwise) }
    if (typeof given === 'string') return { id: rule.id, status: given, message: defaultMessage(rule, given) }
    return { id: rule.id, status: given.status, message: given.message }
  })
  return { rules: structuredClone(RULE_SET), results, profile_scores: profileScores(RULES, results) }
}
