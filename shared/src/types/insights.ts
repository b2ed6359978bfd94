// INSIGHTS entities as docs/insights-api.md defines them: the API's schemas in @console/contracts.
import type { AuditResult, ReportCreate } from '@console/contracts';

export type {
  AnalysisChange as SbomAnalysisChange,
  AnalysisJustification,
  AnalysisResponse,
  AnalysisSet as SbomAnalysisInput,
  AnalysisState,
  AnalysisTrail as SbomAnalysisTrail,
  ConsoleAnalysis as SbomConsoleAnalysis,
  ConsoleAnalysisList as SbomConsoleAnalysisList,
  VexAnswer as SbomVexAnswer,
  LicensePolicy,
  LicensePolicySet,
  SbomLicenseSets,
  AssessmentType,
  AuditResult,
  ProfileScore,
  Report as InsightReport,
  ReportContext,
  ReportList,
  ReportListItem,
  ReportListRow,
  ScanDiff,
  ScanList,
  ScanListItem,
  ScanStatus,
  ReportPatch,
  Rule,
  RuleResult,
  RuleSeverity,
  RuleStatus,
  Sbom as SbomPayload,
  SbomComponent,
  SbomLicense,
  SbomMetadata,
  SbomProperty,
  SbomRating,
  SbomRootComponent,
  SbomTool,
  SbomVulnerability,
} from '@console/contracts';

/** `POST /v1/insights/reports/`: the console always states the assessment type. */
export type CreateReportInput = Required<ReportCreate>;

export type AuditRules = AuditResult['rules'];
export type Regulation = AuditResult['rules']['rules'][number]['regulations'][number];
export type RuleTest = AuditResult['rules']['rules'][number]['test'];

/** CycloneDX severities, lower case; `info` ranks with `none`. */
export type VulnerabilitySeverity = 'critical' | 'high' | 'medium' | 'low' | 'info' | 'none' | 'unknown';
