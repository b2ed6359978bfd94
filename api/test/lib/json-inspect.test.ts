// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { countKeyTokens, duplicateKeys } from '../../src/lib/json-duplicates.js'
import { DUPLICATE_KEY, inspectJson, tooDeep } from '../../src/lib/json-inspect.js'
import { NUL_MESSAGE, SURROGATE_MESSAGE, textProblem } from '../../src/lib/text.js'

const inspect = (text: string, maxDepth = 64) => inspectJson(JSON.parse(text), { text, maxDepth })

describe('textProblem: what PostgreSQL text and jsonb refuse', () => {
  it('finds NUL and unpaired surrogates, accepts paired ones', () => {
    assert.equal(textProblem('a\u0000b'), NUL_MESSAGE)
    assert.equal(textProblem('a\ud800'), SURROGATE_MESSAGE)
    assert.equal(textProblem('\udc00a'), SURROGATE_MESSAGE)
    assert.equal(textProblem('\udc00\ud800'), SURROGATE_MESSAGE, 'low then high is not a pair')
    assert.equal(textProblem('emoji 😀 and ü'), undefined)
    assert.equal(textProblem(''), undefined)
  })
})

describe('duplicate keys (ASVS 5.0 1.5.3: one document, one reading)', () => {
  it('names each repeated key by its path', () => {
    assert.deepEqual(inspect('{"status":"OPEN","status":"CLOSED"}'), [{ path: ['status'], message: DUPLICATE_KEY }])
    assert.deepEqual(inspect('{"alerts":[{"a":1},{"b":{"c":1,"c":2}}]}'), [
      { path: ['alerts', 1, 'b', 'c'], message: DUPLICATE_KEY }
    ])
  })

  it('decodes escapes before comparing: "a" and "\\u0061" are the same key', () => {
    assert.deepEqual(inspect('{"a":1,"\\u0061":2}'), [{ path: ['a'], message: DUPLICATE_KEY }])
  })

  it('is not fooled by quotes, colons, braces and backslashes inside strings', () => {
    const text = JSON.stringify({ 'k"1': 'x":{"k"', k2: ['\\', '\\"', '{"k2":1}'], k3: { k1: '"' }, 'a\\': 1 })
    assert.deepEqual(inspect(text), [])
    assert.equal(countKeyTokens(text), 5)
    assert.equal(countKeyTokens(' { "a" : 1 , "b"\n:\t"c" } '), 2)
  })

  it('the same key in sibling objects is fine', () => {
    assert.deepEqual(inspect('[{"a":1},{"a":2}]'), [])
    assert.deepEqual(duplicateKeys('{"a":{"x":1},"b":{"x":1}}'), [])
  })
})

describe('inspectJson: iterative, so depth cannot overflow the stack', () => {
  it('reports NUL and lone surrogates in values and keys with their path', () => {
    const issues = inspect('{"packages":[{"name":"a\\u0000"},{"name":"ok","k\\ud800":"x"}],"s":"\\udfff"}')
    assert.deepEqual(
      new Set(issues.map((i) => JSON.stringify(i))),
      new Set([
        JSON.stringify({ path: ['packages', 0, 'name'], message: NUL_MESSAGE }),
        JSON.stringify({ path: ['packages', 1, 'k\ud800'], message: `Key: ${SURROGATE_MESSAGE}` }),
        JSON.stringify({ path: ['s'], message: SURROGATE_MESSAGE })
      ])
    )
  })

  it('reports nesting past the limit once, and survives 200,000 levels', () => {
    assert.deepEqual(inspect('{"a":{"b":[1]}}', 3), [])
    assert.deepEqual(inspect('{"a":{"b":[[1]]}}', 3), [{ path: ['a', 'b', 0], message: tooDeep(3) }])
    const deep = `{"k":${'['.repeat(200_000)}${']'.repeat(200_000)}}`
    const issues = inspect(deep, 32)
    assert.equal(issues.length, 1)
    assert.equal(issues[0]!.message, tooDeep(32))
    assert.equal(issues[0]!.path.length, 32)
  })

  it('still finds a duplicate in another part of a body that is too deep', () => {
    const text = `{"alerts":[{"k":${'['.repeat(5000)}${']'.repeat(5000)}},{"x":1,"x":2}]}`
    const messages = inspect(text, 34).map((i) => `${i.path.slice(0, 2).join('.')} ${i.message}`)
    assert.deepEqual(messages.sort(), ['alerts.0 ' + tooDeep(34), 'alerts.1 ' + DUPLICATE_KEY].sort())
  })

  it('stops collecting at maxIssues', () => {
    const text = JSON.stringify(Array.from({ length: 50 }, () => 'x\u0000'))
    assert.equal(inspectJson(JSON.parse(text), { text, maxDepth: 4, maxIssues: 3 }).length, 3)
  })
})
