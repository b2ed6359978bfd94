// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sbomStats, writeAnalysis } from '../../../src/lib/insights/analysis.js'
import { normaliseAudit } from '../../../src/lib/insights/audit.js'
import { normaliseSbom } from '../../../src/lib/insights/cyclonedx.js'
import { highestSeverity, severityRank } from '../../../src/lib/insights/severity.js'

const vuln = (id: string, ratings: Array<{ severity?: string; score?: number }>, affects: string[] = []) => ({
  id,
  ratings,
  affects: affects.map((ref) => ({ ref }))
})

describe('severity order', () => {
  it('ranks unknown < none < low < medium < high < critical, info with none', () => {
    const order = ['unknown', 'none', 'low', 'medium', 'high', 'critical'].map(severityRank)
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b)
    )
    assert.equal(new Set(order).size, 6)
    assert.equal(severityRank('info'), severityRank('none'))
  })

  it('shows a vulnerability at its highest rating; no severity at all is unknown', () => {
    assert.equal(highestSeverity([{ severity: 'low' }, { severity: 'critical' }, { severity: 'medium' }]), 'critical')
    assert.equal(highestSeverity([{ severity: 'info' }]), 'none')
    assert.equal(highestSeverity([{ severity: null }]), 'unknown')
    assert.equal(highestSeverity([]), 'unknown')
  })
})

describe('sbomStats and writeAnalysis', () => {
  const sbom = normaliseSbom({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    components: [
      { type: 'library', name: 'log4j-core', version: '2.14.1', 'bom-ref': 'log4j' },
      { type: 'library', name: 'jquery', version: '3.3.1', 'bom-ref': 'jq' }
    ],
    vulnerabilities: [
      vuln('CVE-LOW', [{ severity: 'low', score: 3 }], ['jq']),
      vuln('CVE-NONE', [{ severity: 'info' }]),
      vuln(
        'CVE-CRIT-B',
        [
          { severity: 'medium', score: 5 },
          { severity: 'critical', score: 9.0 }
        ],
        ['log4j']
      ),
      vuln('CVE-UNRATED', []),
      vuln('CVE-CRIT-A', [{ severity: 'critical', score: 10 }], ['log4j', 'jq', 'pkg:maven/elsewhere@1', 'x', 'y']),
      vuln('CVE-HIGH', [{ severity: 'high' }], ['urn:cdx:other-bom/1#pkg:npm/left-pad@1.0.0'])
    ]
  })

  it('counts vulnerabilities by highest severity and ranks the worst, score breaking ties', () => {
    const stats = sbomStats(sbom)
    assert.deepEqual(stats.by_severity, { critical: 2, high: 1, medium: 0, low: 1, none: 1, unknown: 1 })
    assert.deepEqual(
      stats.worst.map((w) => w.id),
      ['CVE-CRIT-A', 'CVE-CRIT-B', 'CVE-HIGH', 'CVE-LOW', 'CVE-NONE']
    )
    // Refs resolve to component names; a ref to a component not in the file stays as given.
    assert.deepEqual(stats.worst[1]?.affects, ['log4j-core 2.14.1'])
    assert.deepEqual(stats.worst[2]?.affects, ['urn:cdx:other-bom/1#pkg:npm/left-pad@1.0.0'])
  })

  it('writes the same plain-English summary for the same data', () => {
    const audit = normaliseAudit({
      rules: {
        rules: [
          { id: 'ssh-root', title: 'Ensure SSH root login is disabled', severity: 'critical' },
          { id: 'tmp', title: 'Ensure /tmp is separate', severity: 'low' },
          { id: 'fw', title: 'Ensure a firewall is active', severity: 'high' },
          { id: 'aslr', title: 'Ensure ASLR is enabled', severity: 'high' }
        ]
      },
      results: [
        { id: 'tmp', status: 'FAIL' },
        { id: 'ssh-root', status: 'FAIL' },
        { id: 'fw', status: 'SKIPPED' },
        { id: 'aslr', status: 'PASS' }
      ],
      profile_scores: { cis_level1: { score: 3, max: 4 }, empty: { score: 0, max: 0 } }
    })
    const text = writeAnalysis({ audit, sbom: sbomStats(sbom) })
    assert.equal(text, writeAnalysis({ audit, sbom: sbomStats(sbom) }))
    assert.equal(
      text,
      'Compliance audit: 4 rules in the rule set, 4 checked — 1 passed, 2 failed, 1 skipped. ' +
        'Failed rules by severity: 1 critical, 1 low. ' +
        'Most severe failures: Ensure SSH root login is disabled (ssh-root, critical); Ensure /tmp is separate (tmp, low). ' +
        'Profile scores: CIS_LEVEL1 3/4 (75%), EMPTY 0/0.\n\n' +
        'Software bill of materials: 2 components, 6 vulnerabilities; by highest severity: 2 critical, 1 high, 1 low, 1 none/info, 1 unknown. ' +
        'Most severe: CVE-CRIT-A (critical, score 10) affecting log4j-core 2.14.1, jquery 3.3.1, pkg:maven/elsewhere@1 and 2 more; ' +
        'CVE-CRIT-B (critical, score 9) affecting log4j-core 2.14.1; CVE-HIGH (high) affecting urn:cdx:other-bom/1#pkg:npm/left-pad@1.0.0; ' +
        'CVE-LOW (low, score 3) affecting jquery 3.3.1; CVE-NONE (none).'
    )
  })

  it('summarises only the parts a report holds', () => {
    assert.equal(writeAnalysis({ audit: null, sbom: null }), null)
    const empty = normaliseSbom({ bomFormat: 'CycloneDX', specVersion: '1.4' })
    assert.equal(
      writeAnalysis({ audit: null, sbom: sbomStats(empty) }),
      'Software bill of materials: 0 components, no vulnerabilities listed.'
    )
    const passing = normaliseAudit({
      rules: { rules: [{ id: 'a', title: 'A', severity: 'low' }] },
      results: [{ id: 'a', status: 'PASS' }]
    })
    assert.equal(
      writeAnalysis({ audit: passing, sbom: null }),
      'Compliance audit: 1 rule in the rule set, 1 checked — 1 passed, 0 failed, 0 skipped. No rule failed.'
    )
  })
})
