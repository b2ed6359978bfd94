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

export interface InsightReport {
  uid: string;
  name: string;
  assessment_type: AssessmentType;
  created_at: string;
  token?: string;
  has_scan_uploaded?: boolean;
  analysis?: string | null;
  make?: string | null;
  model?: string | null;
  industry?: string | null;
  context?: Partial<ReportContext> | null;
}

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

export interface SbomLicense {
  license: { name?: string; id?: string; url?: string };
}

export interface SbomComponent {
  name: string;
  type: string;
  version?: string;
  group?: string;
  description?: string;
  purl?: string;
  licenses?: SbomLicense[];
  properties?: Array<{ name: string; value: string }>;
  'bom-ref'?: string;
}

export type VulnerabilitySeverity = 'unknown' | 'none' | 'low' | 'medium' | 'high' | 'critical';

export interface SbomRating {
  severity?: VulnerabilitySeverity | string;
  method?: string;
  score?: number;
  vector?: string;
}

export interface SbomVulnerability {
  id: string;
  source?: { name?: string; url?: string };
  ratings?: SbomRating[];
  affects?: Array<{ ref: string }>;
  description?: string;
  detail?: string;
  advisories?: Array<{ url: string; title?: string }>;
  recommendation?: string;
  recommendations?: string;
  published?: string;
  updated?: string;
}

export interface SbomMetadata {
  timestamp?: string;
  tools?: { components?: Array<{ name: string; version?: string }> };
}

export interface SbomPayload {
  metadata?: SbomMetadata;
  components: SbomComponent[];
  vulnerabilities?: SbomVulnerability[];
}
