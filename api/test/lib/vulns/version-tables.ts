import assert from 'node:assert/strict'
import type { Compare } from '../../../src/lib/vulns/versions/index.js'

/** "a < b", "a = b", "a > b": each pair is checked both ways round. */
export function checkTable(compare: Compare, table: string[]): void {
  for (const line of table) {
    const [a, op, b] = line.split(' ') as [string, '<' | '=' | '>', string]
    const want = op === '<' ? -1 : op === '>' ? 1 : 0
    assert.equal(Math.sign(compare(a, b)), want, `${a} ${op} ${b}`)
    assert.equal(Math.sign(compare(b, a)), want === 0 ? 0 : -want, `${b} vs ${a} (reversed)`)
  }
}

/** A list in strictly increasing order: every pair is checked, both ways round. */
export function checkOrder(compare: Compare, ascending: string[]): void {
  for (let i = 0; i < ascending.length; i++) {
    for (let j = i + 1; j < ascending.length; j++) {
      assert.equal(Math.sign(compare(ascending[i]!, ascending[j]!)), -1, `${ascending[i]} < ${ascending[j]}`)
      assert.equal(Math.sign(compare(ascending[j]!, ascending[i]!)), 1, `${ascending[j]} > ${ascending[i]}`)
    }
  }
}

/** Versions that must all be equal to each other. */
export function checkEqual(compare: Compare, versions: string[]): void {
  for (const a of versions) for (const b of versions) assert.equal(compare(a, b), 0, `${a} = ${b}`)
}
