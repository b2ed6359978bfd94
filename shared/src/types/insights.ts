// INSIGHTS entities as docs/insights-api.md defines them (spec §3 shapes, normalised by the API).

export type AssessmentType = 'system' | 'application';

export interface ReportContext {
  make: string;
  model: string;
  internet_facing: boolean;
  ota_capable: boolean;
  encryption_at_rest: boolean;
  encryption_in_transit: boolean;
  industry: string;
  purpose: string;
  environment: string;
  sold_in: string;
}

/** One row of `GET /v1/insights/reports/` (newest first). */
export interface ReportListItem {
  uid: string;
  name: string;
  assessment_type: AssessmentType;
  created_at: string;
  has_scan_uploaded: boolean;
}

export interface ReportList {
  count: number;
  results: ReportListItem[];
}

export interface CreateReportInput {
  name: string;
  assessment_type: AssessmentType;
}

export interface InsightReport extends ReportListItem {
  /** The report's upload token (`X-API-Key` of `POST /v1/insights/cli/scan`). */
  token: string;
  has_sbom: boolean;
  has_audit: boolean;
  scan_uploaded_at: string | null;
  /** Plain-English findings summary written at upload, or null. */
  analysis: string | null;
  /** Copies of context.make/model/industry, null when empty. */
  make: string | null;
  model: string | null;
  industry: string | null;
  context: ReportContext;
}

/** `PATCH /v1/insights/reports/{uid}/`: only the given fields change. */
export interface ReportPatch {
  name?: string;
  context?: Partial<ReportContext>;
}

// ---- Audit result: GET /v1/insights/reports/{uid}/rules/ ----

export type RuleStatus = 'PASS' | 'FAIL' | 'SKIPPED';
export type RuleSeverity = 'critical' | 'high' | 'medium' | 'low';

export interface Regulation {
  id: string;
  controls: string[];
}

export interface RuleTest {
  type: string;
  strategy: string;
  target: string;
  check: string;
}

export interface Rule {
  id: string;
  title: string;
  severity: RuleSeverity | string;
  version: string;
  description: string;
  profiles: string[];
  regulations: Regulation[];
  /** Operating system name → supported versions. */
  os: Record<string, string[]>;
  test: RuleTest;
}

export interface RuleResult {
  id: string;
  status: RuleStatus;
  message: string;
}

export interface ProfileScore {
  score: number;
  max: number;
}

export interface AuditRules {
  globals: { profiles: Record<string, { description: string }> };
  rules: Rule[];
}

export interface AuditResult {
  rules: AuditRules;
  results: RuleResult[];
  profile_scores: Record<string, ProfileScore>;
}

// ---- Normalised SBOM: GET /v1/insights/reports/{uid}/sbom ----
// Missing optional values are null (strings) or [] (lists), never invented.

/** CycloneDX severities, lower case; `info` ranks with `none`. */
export type VulnerabilitySeverity = 'critical' | 'high' | 'medium' | 'low' | 'info' | 'none' | 'unknown';

export type SbomLicense = { license: { id?: string | null; name?: string | null; url?: string | null } } | { expression: string };

export interface SbomProperty {
  name: string;
  value: string | null;
}

export interface SbomComponent {
  'bom-ref': string | null;
  name: string;
  type: string;
  version: string | null;
  group: string | null;
  description: string | null;
  purl: string | null;
  licenses: SbomLicense[];
  properties: SbomProperty[];
}

export interface SbomRootComponent {
  name: string;
  version: string | null;
  type?: string | null;
  group?: string | null;
  purl?: string | null;
  'bom-ref'?: string | null;
}

export interface SbomTool {
  name: string;
  version: string | null;
  vendor?: string | null;
  group?: string | null;
}

export interface SbomMetadata {
  timestamp: string | null;
  component: SbomRootComponent | null;
  /** CycloneDX 1.2–1.4 `tools[]` and 1.5+ `tools.components` both land here. */
  tools: { components: SbomTool[] };
}

export interface SbomRating {
  severity: VulnerabilitySeverity | string | null;
  method: string | null;
  score: number | null;
  vector: string | null;
  source?: { name?: string | null; url?: string | null } | null;
}

export interface SbomVulnerability {
  id: string;
  'bom-ref': string | null;
  source: { name: string | null; url: string | null } | null;
  ratings: SbomRating[];
  affects: Array<{ ref: string }>;
  description: string | null;
  detail: string | null;
  recommendation: string | null;
  advisories: Array<{ title?: string | null; url: string }>;
  published: string | null;
  updated: string | null;
  cwes: number[];
  /**
   * CycloneDX properties. The console marks what its analysis against its OSV feed added:
   * `console:source` = `osv-feed` on a vulnerability it added, one `console:added-affect` = <ref>
   * per affected component it added to a vulnerability the SBOM listed (docs/insights-api.md);
   * `console:demo` = `true` on one only the demo catalogue supports (docs/vuln-feed-api.md).
   * Absent in SBOMs stored before the analysis existed.
   */
  properties?: SbomProperty[];
}

export interface SbomPayload {
  spec_version: string | null;
  serial_number: string | null;
  metadata: SbomMetadata;
  components: SbomComponent[];
  vulnerabilities: SbomVulnerability[];
}
