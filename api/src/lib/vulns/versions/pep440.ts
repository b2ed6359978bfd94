import pep440 from '@renovatebot/pep440'
import { InvalidVersionError } from './invalid.js'

/**
 * PyPI ordering: PEP 440 (normalisation such as "1.0-RC1" = "1.0rc1", epochs "1!", pre, post and
 * dev releases, local versions "+ubuntu1"), by @renovatebot/pep440, which reproduces
 * packaging's Version key. A legacy version PEP 440 does not accept ("2004d", "latest") throws,
 * and so does a number of 16 digits or more (JavaScript numbers round past 2^53).
 */
function checked(version: string): string {
  const text = version.trim()
  if (pep440.parse(text) === null) throw new InvalidVersionError(`not a PEP 440 version: ${version}`)
  if (/(?:^|[^0-9])0*[1-9][0-9]{15,}/.test(text)) throw new InvalidVersionError(`number too large to compare exactly: ${version}`)
  return text
}

export function comparePep440(a: string, b: string): number {
  return Math.sign(pep440.compare(checked(a), checked(b)))
}
