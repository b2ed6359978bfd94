// Two figures both read "CVEs": a device's count is of findings (one per package and CVE: the same
// CVE in two packages counts twice), the dashboard's is of distinct CVEs. These words, beside the
// labels, say which (the labels themselves are the product's).

export const CVE_PAIRS = 'package–CVE pairs';
export const HIGH_RISK_CVE_PAIRS = `${CVE_PAIRS}, CVSS above 7.5`;
export const DISTINCT_CVES = 'distinct CVEs';
export const HIGH_RISK_DISTINCT_CVES = `${DISTINCT_CVES}, CVSS above 7.5`;
