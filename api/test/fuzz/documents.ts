import fc from 'fast-check'
import { demoAudit } from '../../src/lib/insights/seed-data/audit.js'
import { junkJson, junkString, mutated } from './arbitraries.js'

/** Documents the machine-facing routes ingest, well-formed or nearly so. `ids` are real uids of both tenants. */

const COWRIE_EVENTS = [
  'cowrie.session.connect',
  'cowrie.login.failed',
  'cowrie.login.success',
  'cowrie.command.input',
  'cowrie.session.file_download',
  'cowrie.session.closed',
  'cowrie.client.version'
]

const timestamp = fc.oneof(
  fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constant(new Date().toISOString()),
  junkString
)

const cowrieEvent = fc.record(
  {
    eventid: fc.oneof(fc.constantFrom(...COWRIE_EVENTS), junkString),
    session: fc.oneof(fc.stringMatching(/^[0-9a-f]{8,12}$/), junkString),
    src_ip: fc.oneof(fc.ipV4(), fc.ipV6(), junkString),
    sensor: fc.oneof(fc.constant('fuzz-sensor'), junkString),
    timestamp,
    message: fc.oneof(fc.string({ maxLength: 30 }), junkString),
    username: fc.oneof(fc.constant('root'), junkString),
    password: fc.oneof(fc.constant('123456'), junkString),
    input: fc.oneof(fc.constant('uname -a'), junkString),
    url: fc.oneof(fc.webUrl(), junkString),
    shasum: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), junkString),
    duration: fc.oneof(fc.double({ noNaN: true }), junkJson)
  },
  { requiredKeys: ['eventid', 'session', 'src_ip', 'timestamp'] }
)

/** NDJSON: Cowrie events, some mutated, some junk lines, odd separators. */
export const ndjsonBody: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 5, arbitrary: mutated(cowrieEvent).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: junkString },
        { weight: 1, arbitrary: junkJson.map((value) => JSON.stringify(value) ?? '') },
        { weight: 1, arbitrary: fc.constantFrom('', '{', '{"eventid":1,"eventid":2}', '[1,2', 'null') }
      ),
      { maxLength: 8 }
    ),
    fc.constantFrom('\n', '\r\n', '\n\n'),
    fc.boolean()
  )
  .map(([lines, separator, trailing]) => lines.join(separator) + (trailing ? separator : ''))

/** Elastic Security alert documents (one, or { alerts: [...] }), pointing at uids of either tenant. */
export function alertBody(ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const alert = fc.record(
    {
      '@timestamp': timestamp,
      'kibana.alert.uuid': fc.oneof(fc.uuid(), ids, junkString),
      'kibana.alert.rule.name': fc.oneof(fc.constant('Fuzz rule'), junkString),
      'kibana.alert.severity': fc.oneof(fc.constantFrom('low', 'medium', 'high', 'critical'), junkString),
      'kibana.alert.reason': junkString,
      'kibana.alert.group.id': fc.oneof(ids, junkString),
      'kibana.alert.rule.threat': fc.oneof(fc.constant([{ technique: [{ id: 'T1110' }] }]), junkJson),
      'host.name': fc.oneof(ids, junkString),
      device: fc.oneof(ids, junkString),
      related: fc.oneof(fc.array(ids, { maxLength: 3 }), junkJson),
      associated_alert_ids: fc.oneof(fc.array(ids, { maxLength: 3 }), junkJson),
      kibana: junkJson
    },
    { requiredKeys: ['@timestamp', 'kibana.alert.uuid', 'kibana.alert.rule.name'] }
  )
  return fc.oneof(
    mutated(alert),
    fc.array(mutated(alert), { maxLength: 4 }).map((alerts) => ({ alerts })),
    mutated(fc.record({ alerts: junkJson }))
  )
}

const purl = fc.oneof(
  fc.constantFrom(
    'pkg:npm/lodash@4.17.20',
    'pkg:deb/debian/openssl@3.0.11-1~deb12u1?arch=amd64',
    'pkg:apk/alpine/musl@1.2.4-r2',
    'pkg:pypi/django@3.2.0',
    'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
    'pkg:golang/golang.org/x/net@v0.0.1',
    'pkg:composer/laravel/framework@8.0.0',
    'pkg:gem/rails@6.0.0',
    'pkg:nuget/Newtonsoft.Json@12.0.1',
    'pkg:',
    'pkg:npm/@'
  ),
  fc
    .tuple(fc.oneof(fc.constantFrom('npm', 'deb', 'apk', 'pypi', 'maven', 'golang', 'rpm'), junkString), junkString, junkString)
    .map(([type, name, version]) => `pkg:${type}/${name}@${version}`),
  junkString
)

const component = fc.record(
  {
    type: fc.oneof(fc.constantFrom('library', 'application', 'operating-system'), junkString),
    'bom-ref': fc.oneof(fc.uuid(), junkString),
    name: fc.oneof(fc.constantFrom('lodash', 'openssl', 'musl'), junkString),
    version: fc.oneof(fc.constantFrom('1.0.0', '4.17.20', '3.0.11'), junkString),
    purl,
    licenses: fc.oneof(fc.constant([{ license: { id: 'MIT' } }]), junkJson)
  },
  { requiredKeys: ['type', 'name'] }
)

const GOOD_PURLS = [
  'pkg:npm/lodash@4.17.20',
  'pkg:deb/debian/openssl@3.0.11-1~deb12u1?arch=amd64',
  'pkg:apk/alpine/musl@1.2.4-r2',
  'pkg:pypi/django@3.2.0',
  'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
  'pkg:golang/golang.org/x/net@v0.0.1'
]

/** A CycloneDX document as a tool writes it (reaches the analysis, not just the checks). */
const goodCycloneDx = fc.record({
  bomFormat: fc.constant('CycloneDX'),
  specVersion: fc.constantFrom('1.2', '1.3', '1.4', '1.5', '1.6', '1.7'),
  version: fc.constant(1),
  components: fc.array(
    fc.record({
      type: fc.constant('library'),
      name: fc.string({ minLength: 1, maxLength: 20 }),
      version: fc.constantFrom('1.0.0', '4.17.20', '0.0.1-r0'),
      purl: fc.constantFrom(...GOOD_PURLS)
    }),
    { maxLength: 5 }
  )
})

/** Small CycloneDX documents, versions 1.2 to 1.7 and beyond: as written, or with mutations. */
export const cycloneDx: fc.Arbitrary<unknown> = fc.oneof(
  goodCycloneDx,
  mutated(
    fc.record(
      {
        bomFormat: fc.oneof(fc.constant('CycloneDX'), junkString),
        specVersion: fc.oneof(fc.constantFrom('1.2', '1.3', '1.4', '1.5', '1.6', '1.7', '1.8', '2.0'), junkString),
        version: fc.oneof(fc.constant(1), junkJson),
        serialNumber: fc.oneof(
          fc.uuid().map((uuid) => `urn:uuid:${uuid}`),
          junkString
        ),
        metadata: fc.oneof(fc.record({ component: mutated(component) }), junkJson),
        components: fc.oneof(fc.array(mutated(component), { maxLength: 5 }), junkJson),
        dependencies: fc.oneof(
          fc.constant([]),
          fc.array(fc.record({ ref: junkString, dependsOn: fc.array(junkString, { maxLength: 2 }) }), { maxLength: 2 }),
          junkJson
        ),
        vulnerabilities: fc.oneof(
          fc.constant([]),
          fc.array(fc.record({ id: fc.oneof(fc.constant('CVE-2024-6387'), junkString), affects: junkJson }), { maxLength: 2 }),
          junkJson
        )
      },
      { requiredKeys: ['bomFormat', 'specVersion'] }
    )
  )
)

const AUDIT = demoAudit()

/** Audit results: the demo audit cut down to a few rules, then mutated. */
export const auditDoc: fc.Arbitrary<unknown> = fc
  .tuple(fc.nat({ max: AUDIT.results.length }), fc.nat({ max: 3 }))
  .chain(([start, count]) => {
    const results = fc.array(
      mutated(fc.constantFrom(...AUDIT.results.slice(start, start + count + 1).concat(AUDIT.results[0]!))),
      { maxLength: 4 }
    )
    const good = fc.constant({
      rules: AUDIT.rules,
      results: AUDIT.results.slice(start, start + count + 1),
      profile_scores: AUDIT.profile_scores
    })
    return fc.oneof(
      good,
      mutated(
        fc.record({
          rules: fc.oneof(fc.constant(AUDIT.rules), junkJson),
          results: fc.oneof(results, junkJson),
          profile_scores: fc.oneof(fc.constant(AUDIT.profile_scores), junkJson)
        })
      )
    )
  })

export interface ScanPart {
  field: string
  content: string
  asText: boolean
}

/** What the scanner sends: an sbom file, an audit file, or both. */
const goodScan: fc.Arbitrary<ScanPart[]> = fc
  .tuple(
    fc.option(cycloneDx.map((doc) => ({ field: 'sbom', content: JSON.stringify(doc), asText: false }))),
    fc.option(auditDoc.map((doc) => ({ field: 'audit', content: JSON.stringify(doc), asText: false })))
  )
  .map((parts) => parts.filter((part): part is ScanPart => part !== null))

/** The parts of a scanner upload: sbom and/or audit files, sometimes under other names or as text fields. */
export const scanParts: fc.Arbitrary<ScanPart[]> = fc.oneof(
  goodScan,
  fc.array(
    fc.record({
      field: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('sbom', 'audit') }, { weight: 1, arbitrary: junkString }),
      content: fc.oneof(
        { weight: 3, arbitrary: cycloneDx.map((doc) => JSON.stringify(doc)) },
        { weight: 2, arbitrary: auditDoc.map((doc) => JSON.stringify(doc)) },
        { weight: 1, arbitrary: junkString },
        { weight: 1, arbitrary: fc.constantFrom('', '{', '{"bomFormat":"CycloneDX","bomFormat":"x"}', 'null', '[]') }
      ),
      asText: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })
    }),
    { minLength: 0, maxLength: 3 }
  )
)
