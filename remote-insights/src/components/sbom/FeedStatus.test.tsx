import type { SbomFeedStatus } from '@console/shared';
import { COVERAGE_PENDING, COVERAGE_UNKNOWN, NO_VULNERABILITIES, noVulnerabilitiesText } from './FeedStatus';

const feed = (over: Partial<SbomFeedStatus> = {}): SbomFeedStatus => ({
  demo: false,
  checked: 10,
  unsupported: 0,
  no_purl: 0,
  coverage: [{ ecosystem: 'npm', packages: 10, advisories: 4200, demo_advisories: 0 }],
  vulnerabilities: {},
  kev_loaded: true,
  epss_loaded: true,
  ...over,
});

describe('noVulnerabilitiesText', () => {
  it("keeps the spec's text when every component was checked against loaded advisories", () => {
    expect(noVulnerabilitiesText(feed(), undefined)).toBe(NO_VULNERABILITIES);
    // A demo SBOM's ecosystems are covered by the demo catalogue.
    const demo = feed({ demo: true, coverage: [{ ecosystem: 'npm', packages: 10, advisories: 0, demo_advisories: 30 }] });
    expect(noVulnerabilitiesText(demo, undefined)).toBe(NO_VULNERABILITIES);
  });

  it('names the ecosystems without advisories and the unchecked components', () => {
    const gaps = feed({
      coverage: [
        { ecosystem: 'npm', packages: 10, advisories: 0, demo_advisories: 0 },
        { ecosystem: 'PyPI', packages: 1, advisories: 0, demo_advisories: 0 },
      ],
    });
    expect(noVulnerabilitiesText(gaps, undefined)).toBe(
      'No vulnerabilities found in the covered ecosystems — not checked: npm, PyPI',
    );
    expect(noVulnerabilitiesText(feed({ no_purl: 1 }), undefined)).toBe(
      'No vulnerabilities found in the checked components — 1 component not checked',
    );
  });

  it('never says "No vulnerabilities found" alone before or without the coverage', () => {
    expect(noVulnerabilitiesText(undefined, undefined)).toBe(COVERAGE_PENDING);
    expect(noVulnerabilitiesText(undefined, new Error('500'))).toBe(COVERAGE_UNKNOWN);
  });
});
