import {
  asObject,
  fail,
  isObject,
  optNumber,
  optObject,
  optObjects,
  optString,
  reqArray,
  reqString,
  stringList,
  storable,
  strings,
  type JsonObject
} from './document.js'
import type { AuditResult, Rule, RuleSeverity, RuleStatus } from '@console/contracts'
import { RULE_SEVERITIES } from '../../db/schema/index.js'

/**
 * The audit-result JSON of spec §3 (what the scanner uploads as `audit`), checked and normalised:
 * every listed key present, strings default to "", lists to [], maps to {}. Rule severities and
 * result statuses are matched case-insensitively and stored in the contract's case.
 */

const STATUSES: readonly RuleStatus[] = ['PASS', 'FAIL', 'SKIPPED']

const text = (parent: JsonObject, key: string, path: string): string => optString(parent, key, path) ?? ''

/** A map of user-chosen keys; Object.fromEntries keeps a key such as "__proto__" a plain property. */
function map<T>(parent: JsonObject, key: string, path: string, each: (value: unknown, path: string) => T): Record<string, T> {
  const value = optObject(parent, key, path)
  if (value === null) return {}
  const base = path === '' ? key : `${path}.${key}`
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [storable(name, base), each(item, `${base}.${name}`)]))
}

function rule(value: unknown, path: string): Rule {
  const item = asObject(value, path)
  const severity = reqString(item, 'severity', path).toLowerCase()
  if (!(RULE_SEVERITIES as readonly string[]).includes(severity)) {
    fail(`${path}.severity`, `must be one of ${RULE_SEVERITIES.join(', ')}`)
  }
  const version = item.version
  if (version !== undefined && version !== null && typeof version !== 'string' && typeof version !== 'number') {
    fail(`${path}.version`, 'must be a string')
  }
  const test = optObject(item, 'test', path) ?? {}
  const testPath = `${path}.test`
  return {
    id: reqString(item, 'id', path),
    title: reqString(item, 'title', path),
    severity: severity as RuleSeverity,
    version: version === undefined || version === null ? '' : String(version),
    description: text(item, 'description', path),
    profiles: stringList(item, 'profiles', path),
    regulations: optObjects(item, 'regulations', path, (regulation, rpath) => ({
      id: reqString(regulation, 'id', rpath),
      controls: stringList(regulation, 'controls', rpath)
    })),
    os: map(item, 'os', path, strings),
    test: {
      type: text(test, 'type', testPath),
      strategy: text(test, 'strategy', testPath),
      target: text(test, 'target', testPath),
      check: text(test, 'check', testPath)
    }
  }
}

/** Checks a parsed audit result and returns its normalised form; throws DocumentError. */
export function normaliseAudit(value: unknown): AuditResult {
  if (!isObject(value)) return fail('the document', 'must be a JSON object with rules, results and profile_scores')
  const rulesBlock = optObject(value, 'rules', '')
  if (rulesBlock === null) fail('rules', 'is missing')
  const globals = optObject(rulesBlock, 'globals', 'rules') ?? {}
  const profiles = map(globals, 'profiles', 'rules.globals', (entry, path) => ({
    description: text(asObject(entry, path), 'description', path)
  }))

  const rules = reqArray(rulesBlock, 'rules', 'rules').map((entry, index) => rule(entry, `rules.rules[${index}]`))
  const ruleIndex = new Map<string, number>()
  rules.forEach((item, index) => {
    const first = ruleIndex.get(item.id)
    if (first !== undefined) fail(`rules.rules[${index}].id`, `"${item.id}" is already used by rules.rules[${first}]`)
    ruleIndex.set(item.id, index)
  })

  const seen = new Map<string, number>()
  const results = reqArray(value, 'results', '').map((entry, index) => {
    const path = `results[${index}]`
    const result = asObject(entry, path)
    const id = reqString(result, 'id', path)
    if (!ruleIndex.has(id)) fail(`${path}.id`, `"${id}" names no rule in rules.rules`)
    const first = seen.get(id)
    if (first !== undefined) fail(`${path}.id`, `"${id}" already has a result (results[${first}])`)
    seen.set(id, index)
    const status = reqString(result, 'status', path).toUpperCase()
    if (!(STATUSES as readonly string[]).includes(status)) fail(`${path}.status`, 'must be PASS, FAIL or SKIPPED')
    return { id, status: status as RuleStatus, message: text(result, 'message', path) }
  })

  const profileScores = map(value, 'profile_scores', '', (entry, path) => {
    const score = asObject(entry, path)
    const points = optNumber(score, 'score', path)
    const max = optNumber(score, 'max', path)
    if (points === null) fail(`${path}.score`, 'is missing')
    if (max === null) fail(`${path}.max`, 'is missing')
    if (points < 0 || max < 0) fail(path, 'score and max must not be negative')
    return { score: points, max }
  })

  return { rules: { globals: { profiles }, rules }, results, profile_scores: profileScores }
}
