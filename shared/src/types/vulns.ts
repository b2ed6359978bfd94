// Vulnerability prioritisation and feed coverage (docs/vuln-feed-api.md). Every field these add to
// older shapes is optional there: a server from before the contract simply lacks it.

/** CISA's Known Exploited Vulnerabilities catalogue entry of a CVE. */
export interface Kev {
  date_added: string | null;
  due_date: string | null;
  /** CISA's knownRansomwareCampaignUse is "Known". */
  known_ransomware: boolean;
  vendor_project: string;
  product: string;
  vulnerability_name: string;
  required_action: string;
}

/** An advisory page about a CVE (OSV, NVD, the distribution's tracker, GitHub, CISA KEV). */
export interface AdvisoryLink {
  label: string;
  url: string;
}

/** Where findings come from: a real OSV advisory, the demo catalogue only, or none (no CVE). */
export type FindingSource = 'osv' | 'demo' | null;

/** What the console knows about one ecosystem of a device's packages or an SBOM's components. */
export interface Coverage {
  /** The matching key: "Debian:12", "Ubuntu:22.04:LTS", "npm", "PyPI". */
  ecosystem: string;
  packages: number;
  /** Real advisories loaded for it; 0 is a gap. */
  advisories: number;
  /** Demo catalogue records; they cover demo devices and demo SBOMs only. */
  demo_advisories: number;
}

/** KEV and EPSS of one vulnerability. */
export interface Prioritisation {
  kev: Kev | null;
  /** Probability of exploitation in the next 30 days, 0..1. */
  epss: number | null;
  /** Its percentile among all scored CVEs, 0..1. */
  epss_percentile: number | null;
}

/** GET /v1/insights/reports/{uid}/sbom/feed/ */
export interface SbomFeedStatus {
  /** A demo SBOM (the seed's). */
  demo: boolean;
  /** Components with a purl the console can match. */
  checked: number;
  /** Components with a purl it cannot match: not checked. */
  unsupported: number;
  /** Components without a purl: not checked. */
  no_purl: number;
  coverage: Coverage[];
  /** By the SBOM's vulnerability ids; only entries with KEV or EPSS data are present. */
  vulnerabilities: Record<string, Prioritisation>;
  /** CISA's KEV catalogue / EPSS scores are loaded: without them, a missing entry means unknown, not "not exploited". */
  kev_loaded?: boolean;
  epss_loaded?: boolean;
}

export type FeedKind = 'osv' | 'kev' | 'epss' | 'file';

export interface FeedSource {
  /** "osv:Debian", "kev", "epss", "file:osv". */
  name: string;
  kind: FeedKind | string;
  ecosystem: string | null;
  url: string | null;
  records: number;
  /** KEV catalogVersion, EPSS model version. */
  version: string | null;
  /** The date of the data itself (KEV dateReleased, EPSS score date). */
  released_at: string | null;
  last_attempt_at: string | null;
  last_success_at: string | null;
  last_changed_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  /** Set while an update is being applied in steps (embedded database); set with no sync running: partly updated. */
  applying_since?: string | null;
}

export interface FeedEcosystem {
  ecosystem: string;
  advisories: number;
  demo_advisories: number;
}

/** GET /v1/feeds/ (the feed is global, not per tenant). */
export interface FeedState {
  sources: FeedSource[];
  ecosystems: FeedEcosystem[];
  /** 0 after remove-demo or with CONSOLE_DEMO=false. */
  demo_catalogue: { records: number };
  /** interval_hours 0: no scheduled sync. */
  sync: { interval_hours: number; running: boolean; next_at: string | null };
}
