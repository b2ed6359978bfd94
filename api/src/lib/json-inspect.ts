import { countKeyTokens, duplicateKeys, type JsonPath } from './json-duplicates.js'
import { mayHoldUnstorable, textProblem } from './text.js'

export type { JsonPath } from './json-duplicates.js'

/** Something in a parsed JSON value the API refuses, and where. */
export interface JsonIssue {
  path: JsonPath
  message: string
}

export interface InspectOptions {
  /** Containers nested deeper than this are reported (the outermost object or array is level 1). */
  maxDepth: number
  /** The text the value was parsed from: when given, duplicate keys are looked for too. */
  text?: string
  /** Stop collecting after this many issues of strings and depth, and as many duplicate keys (default 20 each). */
  maxIssues?: number
}

export const DUPLICATE_KEY = 'Duplicate key.'
export const tooDeep = (maxDepth: number): string => `Nested more than ${maxDepth} levels deep.`

interface Frame {
  value: object
  depth: number
  parent: Frame | null
  key: string | number
}

function pathOf(frame: Frame | null, last?: string | number): JsonPath {
  const path: JsonPath = last === undefined ? [] : [last]
  for (let at = frame; at !== null && at.parent !== null; at = at.parent) path.unshift(at.key)
  return path
}

/**
 * Every string and key that PostgreSQL cannot store, nesting past `maxDepth`, and (with `text`)
 * duplicate keys. An explicit stack, never recursion: a body nested 100,000 levels deep costs a
 * loop, not a stack overflow. Run before anything that recurses (JSON.stringify, flatteners, jsonb).
 */
export function inspectJson(value: unknown, options: InspectOptions): JsonIssue[] {
  const max = options.maxIssues ?? 20
  const issues: JsonIssue[] = []
  const add = (frame: Frame | null, key: string | number | undefined, message: string) => {
    if (issues.length < max) issues.push({ path: pathOf(frame, key), message })
  }
  if (typeof value === 'string') {
    const problem = textProblem(value)
    if (problem !== undefined) add(null, undefined, problem)
    return issues
  }
  if (typeof value !== 'object' || value === null) return issues

  // With the text at hand, one regex over it usually proves every string fine (most of the walk's cost).
  const checkText = options.text === undefined || mayHoldUnstorable(options.text)
  let keys = 0
  let reportedDepth = false
  const stack: Frame[] = [{ value, depth: 1, parent: null, key: '' }]
  const visit = (frame: Frame, key: string | number, child: unknown) => {
    if (typeof child === 'string') {
      if (!checkText) return
      const problem = textProblem(child)
      if (problem !== undefined) add(frame, key, problem)
    } else if (typeof child === 'object' && child !== null) {
      stack.push({ value: child, depth: frame.depth + 1, parent: frame, key })
    }
  }
  while (stack.length > 0) {
    const frame = stack.pop()!
    if (frame.depth > options.maxDepth) {
      if (!reportedDepth) add(frame.parent, frame.key, tooDeep(options.maxDepth))
      reportedDepth = true
      // Below here only the key count matters (for duplicates); without text there is no more to learn.
      if (options.text === undefined) continue
    }
    if (Array.isArray(frame.value)) {
      for (let i = 0; i < frame.value.length; i++) visit(frame, i, frame.value[i])
    } else {
      const record = frame.value as Record<string, unknown>
      const names = Object.keys(record)
      keys += names.length
      for (const name of names) {
        const problem = checkText ? textProblem(name) : undefined
        if (problem !== undefined) add(frame, name, `Key: ${problem}`)
        visit(frame, name, record[name])
      }
    }
  }
  // The parsed value holds fewer keys than the text names only when the parser merged duplicates.
  // Their own budget: a per-item route must learn of every document's duplicate, however many bad strings.
  if (options.text !== undefined && countKeyTokens(options.text) !== keys) {
    for (const path of duplicateKeys(options.text, max)) issues.push({ path, message: DUPLICATE_KEY })
  }
  return issues
}

/** `packages.3.name`, the way 400 `errors` name fields; '' for the value itself. */
export const formatPath = (path: JsonPath): string => path.join('.')
