// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Type } from 'typebox'
import { validatorCompiler } from '../../src/lib/validator-compiler.js'

// Mirrors src/lib/validator-compiler.ts: what routes receive after validation.

const compile = (schema: ReturnType<typeof Type.Object>, httpPart: string) =>
  validatorCompiler({ schema, httpPart, method: 'GET', url: '/' }) as (value: unknown) => { value?: unknown; error?: unknown[] }

describe('validatorCompiler', () => {
  const params = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })

  it('passes valid params through as sent', () => {
    const sent = { tenant: 't', uid: 'u' }
    assert.deepEqual(compile(params, 'params')(sent), { value: sent })
  })

  it('rejects invalid params with the failing field', () => {
    const result = compile(params, 'params')({ tenant: 't', uid: 'x'.repeat(65) })
    assert.equal(result.value, undefined)
    assert.ok(Array.isArray(result.error) && result.error.length > 0)
    assert.equal((result.error[0] as { instancePath: string }).instancePath, '/uid')
  })

  it('still converts query strings that need it', () => {
    const query = Type.Object({ n: Type.Integer(), flag: Type.Boolean() })
    assert.deepEqual(compile(query, 'querystring')({ n: '5', flag: 'true' }), { value: { n: 5, flag: true } })
    assert.ok(compile(query, 'querystring')({ n: 'five', flag: 'true' }).error)
  })

  it('never converts a body', () => {
    const body = Type.Object({ n: Type.Integer() })
    assert.ok(compile(body, 'body')({ n: '5' }).error)
    assert.deepEqual(compile(body, 'body')({ n: 5 }), { value: { n: 5 } })
  })
})
