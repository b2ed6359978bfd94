import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { databaseTrouble, describeError } from '../../src/db/errors.js'
import { describeStartupError } from '../../src/lib/startup.js'

// Mirrors src/db/errors.ts and describeStartupError (lib/startup.ts): one line for whatever a
// driver throws (issue 11, finding 11: "Cannot start the console: [object Object]").

describe('describeError / describeStartupError', () => {
  it('a PGlite file-system error (a plain object with a WASI errno) reads as the errno, not [object Object]', () => {
    // What PGlite.create threw on a full DATA_DIR: { name: 'ErrnoError', errno: 51 }.
    assert.equal(describeStartupError({ name: 'ErrnoError', errno: 51 }), 'no space left on device (ENOSPC)')
    assert.equal(describeStartupError({ name: 'ErrnoError', errno: 69 }), 'read-only file system (EROFS)')
    assert.equal(describeStartupError({ name: 'ErrnoError', errno: 999 }), 'file system error (errno 999)')
  })

  it('any other value is one line without a stack', () => {
    assert.equal(describeError({ detail: 'x' }), 'unknown error')
    assert.equal(describeError('plain text\n  second line'), 'plain text second line')
    assert.equal(describeError(undefined), 'undefined')
    const wrapped = new Error('Failed query: insert ...', {
      cause: Object.assign(new Error('could not extend file "base/5/2619": No space left on device'), { code: '53100' })
    })
    assert.equal(describeStartupError(wrapped), 'could not extend file "base/5/2619": No space left on device')
  })

  it('refused connections to every address (an AggregateError without a message) name the code', () => {
    const refused = Object.assign(new AggregateError([Object.assign(new Error(''), { code: 'ECONNREFUSED' })], ''), {
      code: 'ECONNREFUSED'
    })
    assert.equal(describeStartupError(refused), 'Cannot connect to the PostgreSQL server in DATABASE_URL (ECONNREFUSED)')
  })
})

describe('databaseTrouble', () => {
  const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause })
  it('sorts what the database says into unreachable, busy and storage; anything else is no trouble (a 500)', () => {
    assert.equal(
      databaseTrouble(wrapped(Object.assign(new Error('write CONNECT_TIMEOUT'), { code: 'CONNECT_TIMEOUT' }))),
      'unreachable'
    )
    assert.equal(databaseTrouble(wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' }))), 'unreachable')
    assert.equal(
      databaseTrouble(wrapped(Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }))),
      'busy'
    )
    assert.equal(
      databaseTrouble(wrapped(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))),
      'busy'
    )
    assert.equal(databaseTrouble(wrapped(Object.assign(new Error('could not extend file'), { code: '53100' }))), 'storage')
    assert.equal(databaseTrouble(wrapped({ name: 'ErrnoError', errno: 51 })), 'storage')
    assert.equal(databaseTrouble(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))), undefined)
    assert.equal(databaseTrouble(new TypeError('x is undefined')), undefined)
  })
})
