import assert from 'node:assert/strict'
import { after, before, describe, it, type TestContext } from 'node:test'
import { importOsvAndMatch } from '../../../../../../src/lib/feeds/osv-import.js'
import type { Json } from '../../../../../helpers.js'
import { needsSharedData, sharedData } from '../../../../../shared-data.js'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// End to end for the language ecosystems: the real GitHub advisories in ../shared/data/osv
// (read in place), imported as `import-osv` does, and a Java application's CycloneDX 1.5 SBOM
// with Maven, PyPI, Go, RubyGems, NuGet and cargo components uploaded through the CLI route.
// Every expected answer below was derived by hand from the record files, range by range.

const FOLDERS = ['maven', 'pypi', 'go', 'rubygems', 'nuget', 'crates-io']

const component = (purl: string, group: string | null, name: string, version: string): Json => ({
  type: 'library',
  'bom-ref': purl,
  ...(group === null ? {} : { group }),
  name,
  version,
  purl
})

const LOG4J_2141 = 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'
const LOG4J_2122 = 'pkg:maven/org.apache.logging.log4j/log4j-core@2.12.2'
const JACKSON_2132 = 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.13.2'
const JACKSON_21321 = 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.13.2.1'
const SPRING_BEANS = 'pkg:maven/org.springframework/spring-beans@5.3.17'
const SPRING_WEBMVC = 'pkg:maven/org.springframework/spring-webmvc@5.2.20.RELEASE'
const COMMONS_TEXT_19 = 'pkg:maven/org.apache.commons/commons-text@1.9'
const COMMONS_TEXT_1100 = 'pkg:maven/org.apache.commons/commons-text@1.10.0'
const NETTY_99 = 'pkg:maven/io.netty/netty-codec-http2@4.1.99.Final'
const NETTY_100 = 'pkg:maven/io.netty/netty-codec-http2@4.1.100.Final'
const DJANGO_422 = 'pkg:pypi/Django@4.2.2'
const DJANGO_423 = 'pkg:pypi/Django@4.2.3'
const REQUESTS_230 = 'pkg:pypi/requests@2.30.0'
const REQUESTS_231 = 'pkg:pypi/requests@2.31.0'
const TWISTED_238 = 'pkg:pypi/Twisted@23.8.0'
const TWISTED_2310 = 'pkg:pypi/Twisted@23.10.0'
const JOSE = 'pkg:pypi/python_jose@3.3.0'
const CRYPTOGRAPHY = 'pkg:pypi/cryptography@39.0.0'
const PARAMIKO = 'pkg:pypi/paramiko@3.4.0'
const XNET = 'pkg:golang/golang.org/x/net@v0.15.0'
const XCRYPTO_PSEUDO = 'pkg:golang/golang.org/x/crypto@v0.0.0-20220722155217-630584e8d5aa'
const XCRYPTO_017 = 'pkg:golang/golang.org/x/crypto@v0.17.0'
const GRPC_1582 = 'pkg:golang/google.golang.org/grpc@v1.58.2'
const GRPC_1563 = 'pkg:golang/google.golang.org/grpc@v1.56.3'
const DOCKER = 'pkg:golang/github.com/docker/docker@v20.10.24%2Bincompatible'
const RUNC = 'pkg:golang/github.com/opencontainers/runc@v1.1.11'
const RACK_228 = 'pkg:gem/rack@2.2.8'
const RACK_3091 = 'pkg:gem/rack@3.0.9.1'
const ACTIVERECORD = 'pkg:gem/activerecord@7.0.3'
const NOKOGIRI = 'pkg:gem/nokogiri@1.13.4'
const NEWTONSOFT = 'pkg:nuget/Newtonsoft.Json@12.0.3'
const STJ_804 = 'pkg:nuget/System.Text.Json@8.0.4'
const STJ_6010 = 'pkg:nuget/System.Text.Json@6.0.10'
const TOKIO = 'pkg:cargo/tokio@1.23.0'
const HYPER = 'pkg:cargo/hyper@0.14.25'
const H2 = 'pkg:cargo/h2@0.3.17'
const OPENSSL_SRC = 'pkg:cargo/openssl-src@111.24.0%2B1.1.1s'
const RUSSH = 'pkg:cargo/russh@0.40.2'

const SBOM = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: {
    component: { type: 'application', 'bom-ref': 'app', group: 'com.example', name: 'billing-service', version: '3.4.0' }
  },
  components: [
    component(LOG4J_2141, 'org.apache.logging.log4j', 'log4j-core', '2.14.1'),
    component(LOG4J_2122, 'org.apache.logging.log4j', 'log4j-core', '2.12.2'),
    component(JACKSON_2132, 'com.fasterxml.jackson.core', 'jackson-databind', '2.13.2'),
    component(JACKSON_21321, 'com.fasterxml.jackson.core', 'jackson-databind', '2.13.2.1'),
    component(SPRING_BEANS, 'org.springframework', 'spring-beans', '5.3.17'),
    component(SPRING_WEBMVC, 'org.springframework', 'spring-webmvc', '5.2.20.RELEASE'),
    component(COMMONS_TEXT_19, 'org.apache.commons', 'commons-text', '1.9'),
    component(COMMONS_TEXT_1100, 'org.apache.commons', 'commons-text', '1.10.0'),
    component(NETTY_99, 'io.netty', 'netty-codec-http2', '4.1.99.Final'),
    component(NETTY_100, 'io.netty', 'netty-codec-http2', '4.1.100.Final'),
    component(DJANGO_422, null, 'Django', '4.2.2'),
    component(DJANGO_423, null, 'Django', '4.2.3'),
    component(REQUESTS_230, null, 'requests', '2.30.0'),
    component(REQUESTS_231, null, 'requests', '2.31.0'),
    component(TWISTED_238, null, 'Twisted', '23.8.0'),
    component(TWISTED_2310, null, 'Twisted', '23.10.0'),
    component(JOSE, null, 'python_jose', '3.3.0'),
    component(CRYPTOGRAPHY, null, 'cryptography', '39.0.0'),
    component(PARAMIKO, null, 'paramiko', '3.4.0'),
    component(XNET, 'golang.org/x', 'net', 'v0.15.0'),
    component(XCRYPTO_PSEUDO, 'golang.org/x', 'crypto', 'v0.0.0-20220722155217-630584e8d5aa'),
    component(XCRYPTO_017, 'golang.org/x', 'crypto', 'v0.17.0'),
    component(GRPC_1582, 'google.golang.org', 'grpc', 'v1.58.2'),
    component(GRPC_1563, 'google.golang.org', 'grpc', 'v1.56.3'),
    component(DOCKER, 'github.com/docker', 'docker', 'v20.10.24+incompatible'),
    component(RUNC, 'github.com/opencontainers', 'runc', 'v1.1.11'),
    component(RACK_228, null, 'rack', '2.2.8'),
    component(RACK_3091, null, 'rack', '3.0.9.1'),
    component(ACTIVERECORD, null, 'activerecord', '7.0.3'),
    component(NOKOGIRI, null, 'nokogiri', '1.13.4'),
    component(NEWTONSOFT, null, 'Newtonsoft.Json', '12.0.3'),
    component(STJ_804, null, 'System.Text.Json', '8.0.4'),
    component(STJ_6010, null, 'System.Text.Json', '6.0.10'),
    component(TOKIO, null, 'tokio', '1.23.0'),
    component(HYPER, null, 'hyper', '0.14.25'),
    component(H2, null, 'h2', '0.3.17'),
    component(OPENSSL_SRC, null, 'openssl-src', '111.24.0+1.1.1s'),
    component(RUSSH, null, 'russh', '0.40.2')
  ]
}

/**
 * Vulnerability id (the record's CVE alias, else its GHSA id) → the components it affects, by
 * hand from the records ([introduced, fixed); "]" = last_affected, inclusive):
 */
const EXPECTED: Record<string, string[]> = {
  // maven/GHSA-jfh8-c2jp-5v3q: [2.13.0, 2.15.0), [0, 2.3.1), [2.4, 2.12.2). 2.14.1 lies in the first;
  // 2.12.2 is the third range's fix, and below 2.13.0: not affected.
  'CVE-2021-44228': [LOG4J_2141],
  // maven/GHSA-7rjr-3q55-vv33: [2.13.0, 2.16.0), [0, 2.12.2): 2.14.1 yes, 2.12.2 is the fix.
  'CVE-2021-45046': [LOG4J_2141],
  // maven/GHSA-8489-44mv-ggj8: [2.0-beta7, 2.3.2), [2.4, 2.12.4), [2.13.0, 2.17.1): both log4j versions.
  'CVE-2021-44832': [LOG4J_2141, LOG4J_2122],
  // maven/GHSA-57j2-w4cx-62h2: [2.13.0, 2.13.2.1), [0, 2.12.6.1): 2.13.2 < 2.13.2.1 (Maven: 2.13.2 =
  // 2.13.2.0); 2.13.2.1 is the fix.
  'CVE-2020-36518': [JACKSON_2132],
  // maven/GHSA-36p3-wjmg-h94x: spring-beans [5.3.0, 5.3.18) holds 5.3.17; spring-webmvc
  // 5.2.20.RELEASE is its [0, 5.2.20.RELEASE) fix.
  'CVE-2022-22965': [SPRING_BEANS],
  // maven/GHSA-599f-7c49-w659: [1.5, 1.10.0): 1.9 yes, 1.10.0 is the fix.
  'CVE-2022-42889': [COMMONS_TEXT_19],
  // maven/GHSA-xpw8-rcwv-8f8p (no alias): [0, 4.1.100.Final): 4.1.99.Final yes, the fix no.
  'GHSA-xpw8-rcwv-8f8p': [NETTY_99],
  // pypi/GHSA-jh3w-4vvf-mjgr, package "Django": [4.2.0, 4.2.3) holds 4.2.2; 4.2.3 is the fix.
  'CVE-2023-36053': [DJANGO_422],
  // pypi/GHSA-j8r2-6x86-q33q: [2.3.0, 2.31.0).
  'CVE-2023-32681': [REQUESTS_230],
  // pypi/GHSA-xc8x-vp79-p3wm, package "twisted": [0, 23.10.0rc1): 23.8.0 yes; 23.10.0 > 23.10.0rc1.
  'CVE-2023-46137': [TWISTED_238],
  // pypi/GHSA-6c5p-j8vq-pqhj, package "python-jose" (PEP 503 = "python_jose"): [0, 3.3.0].
  'CVE-2024-33663': [JOSE],
  // crates-io/GHSA-x4qr-2fvf-3mr5: PyPI cryptography [0.8.1, 39.0.1); crates.io openssl-src
  // [0, 111.25.0), [300.0.0, 300.0.12): 111.24.0+1.1.1s (build metadata ignored) < 111.25.0.
  'CVE-2023-0286': [CRYPTOGRAPHY, OPENSSL_SRC],
  // go/GHSA-4374-p667-p6c8: golang.org/x/net [0, 0.17.0) holds v0.15.0.
  'CVE-2023-39325': [XNET],
  // go/GHSA-qppj-fm5r-hxr3: x/net [0, 0.17.0); grpc [1.58.0, 1.58.3), [1.57.0, 1.57.1), [0, 1.56.3):
  // v1.58.2 yes, v1.56.3 is a fix.
  'CVE-2023-44487': [XNET, GRPC_1582],
  // go/GHSA-v23v-6jw2-98fq: [19.03.0, 23.0.15) holds v20.10.24+incompatible.
  'CVE-2024-41110': [DOCKER],
  // go/GHSA-xr7r-f8xq-vfvv: [1.0.0-rc93, 1.1.12) holds v1.1.11.
  'CVE-2024-21626': [RUNC],
  // go/GHSA-45x7-px36-x8w8: x/crypto [0, 0.17.0) holds the 2022 pseudo-version, not v0.17.0;
  // paramiko [0, 3.4.0) and russh [0, 0.40.2): 3.4.0 and 0.40.2 are the fixes.
  'CVE-2023-48795': [XCRYPTO_PSEUDO],
  // rubygems/GHSA-54rr-7fvw-6x8f: [2.2.0, 2.2.8.1) holds 2.2.8; 3.0.9.1 is the [3.0.0, 3.0.9.1) fix.
  'CVE-2024-26146': [RACK_228],
  // rubygems/GHSA-3hhc-qp5v-9p2j: [7.0.0, 7.0.3.1) holds 7.0.3. (nokogiri 1.13.4 is GHSA-crjr's fix.)
  'CVE-2022-32224': [ACTIVERECORD],
  // nuget/GHSA-5crp-9r3c-p9vr (no alias), "Newtonsoft.Json": [0, 13.0.1).
  'GHSA-5crp-9r3c-p9vr': [NEWTONSOFT],
  // nuget/GHSA-8g4q-xg66-9fp4: [8.0.0, 8.0.5) holds 8.0.4; 6.0.10 is the [6.0.0, 6.0.10) fix.
  'CVE-2024-43485': [STJ_804],
  // crates-io/GHSA-7rrj-xr53-82p7: [1.21.0, 1.23.1) holds 1.23.0.
  'CVE-2023-22466': [TOKIO],
  // crates-io/GHSA-f8vr-r385-rh5r: hyper [0, 0.14.25]; h2 [0, 0.3.16]: 0.3.17 is past it.
  'CVE-2023-26964': [HYPER]
}

const isConsoleAdded = (v: Json): boolean => v.properties.some((p: Json) => p.name === 'console:source' && p.value === 'osv-feed')
const addedBy = (sbom: Json): Record<string, string[]> =>
  Object.fromEntries(
    sbom.vulnerabilities.filter(isConsoleAdded).map((v: Json) => [v.id, v.affects.map((a: Json) => a.ref).sort()])
  )
const sorted = (expected: Record<string, string[]>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(expected).map(([id, refs]) => [id, [...refs].sort()]))

describe('SBOM analysis of Maven, PyPI, Go, RubyGems, NuGet and cargo components (../shared/data/osv)', () => {
  const missing = needsSharedData('osv')
  const present = missing === false
  let t: InsightsApp
  /** Uploaded before the import: the import's re-analysis must find its components by their folded names. */
  let early: { uid: string }
  before(async () => {
    if (!present) return
    t = await buildInsightsApp()
    early = await upload('Uploaded before the feed')
    for (const folder of FOLDERS) await importOsvAndMatch(t.app.db, sharedData('osv', folder))
  })
  after(async () => {
    if (present) await t.close()
  })

  async function upload(name: string): Promise<{ uid: string }> {
    const report = await t.create(name)
    const response = await t.upload(report.token, [{ field: 'sbom', content: JSON.stringify(SBOM) }])
    assert.equal(response.statusCode, 200, response.body)
    return report
  }
  const skipped = (c: TestContext): boolean => {
    if (missing !== false) c.skip(missing)
    return !present
  }

  it('adds exactly the vulnerabilities the records give each component', async (c) => {
    if (skipped(c)) return
    const report = await upload('Billing service')
    const { json } = await t.sbom(report.uid)
    const sbom = json as Json
    assert.deepEqual(addedBy(sbom), sorted(EXPECTED))
    assert.equal(sbom.vulnerabilities.length, Object.keys(EXPECTED).length)

    // The two log4j and jackson versions the task names.
    const affects = (id: string): string[] => sbom.vulnerabilities.find((v: Json) => v.id === id).affects.map((a: Json) => a.ref)
    assert.ok(affects('CVE-2021-44228').includes(LOG4J_2141) && !affects('CVE-2021-44228').includes(LOG4J_2122))
    assert.deepEqual(affects('CVE-2020-36518'), [JACKSON_2132])
    const refs = new Set(sbom.vulnerabilities.flatMap((v: Json) => v.affects.map((a: Json) => a.ref)))
    for (const clean of [
      JACKSON_21321,
      SPRING_WEBMVC,
      COMMONS_TEXT_1100,
      NETTY_100,
      DJANGO_423,
      REQUESTS_231,
      TWISTED_2310,
      PARAMIKO,
      XCRYPTO_017,
      GRPC_1563,
      RACK_3091,
      NOKOGIRI,
      STJ_6010,
      H2,
      RUSSH
    ])
      assert.ok(!refs.has(clean), `${clean} is not affected`)

    // The fix named is the one closing the range that holds each version; none after last_affected.
    const recommendation = (id: string): string | null => sbom.vulnerabilities.find((v: Json) => v.id === id).recommendation
    assert.equal(recommendation('CVE-2021-44228'), 'Upgrade org.apache.logging.log4j/log4j-core to 2.15.0.')
    assert.equal(recommendation('CVE-2020-36518'), 'Upgrade com.fasterxml.jackson.core/jackson-databind to 2.13.2.1.')
    assert.match(
      recommendation('CVE-2021-44832')!,
      /^(?=.*Upgrade org\.apache\.logging\.log4j\/log4j-core 2\.14\.1 to 2\.17\.1\.)(?=.*Upgrade org\.apache\.logging\.log4j\/log4j-core 2\.12\.2 to 2\.12\.4\.)/
    )
    assert.equal(recommendation('CVE-2024-41110'), 'Upgrade github.com/docker/docker to 23.0.15.')
    assert.equal(recommendation('CVE-2023-26964'), null)

    const details = (await t.get(`${REPORTS}${report.uid}/`)).json()
    assert.match(
      details.analysis,
      new RegExp(
        `The console checked ${SBOM.components.length} components against its OSV feed and added ${Object.keys(EXPECTED).length} vulnerabilities\\.$`
      )
    )
  })

  it('an SBOM stored before the import was re-analysed by it to the same answer', async (c) => {
    if (skipped(c)) return
    const { json } = await t.sbom(early.uid)
    assert.deepEqual(addedBy(json as Json), sorted(EXPECTED))
  })
})
