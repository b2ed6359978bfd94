import type { InsightReport, ReportListRow } from '@console/shared';

export const TOKEN = 'rt_Q2hvb3NlIGEgbG9uZyByYW5kb20gdG9rZW4';

export function listItem(uid: string, name: string, over: Partial<ReportListRow> = {}): ReportListRow {
  return {
    uid,
    name,
    assessment_type: 'system',
    created_at: '2026-11-20T09:30:00Z',
    has_scan_uploaded: false,
    scan_status: 'not_uploaded',
    scan_uploaded_at: null,
    open_vulnerabilities: null,
    critical_vulnerabilities: null,
    ...over,
  };
}

/** A report as GET /v1/insights/reports/{uid}/ answers it; by default scanned, with a full context. */
export function report(over: Partial<InsightReport> = {}): InsightReport {
  const context = {
    make: 'Acme',
    model: 'Gateway X2',
    internet_facing: true,
    ota_capable: true,
    encryption_at_rest: false,
    encryption_in_transit: true,
    industry: 'Energy',
    purpose: 'Collects meter readings and forwards them to the utility.',
    environment: 'Outdoor cabinet, cellular uplink.',
    sold_in: 'EU',
    ...over.context,
  };
  return {
    uid: 'r-1',
    name: 'Gateway firmware 4.2',
    assessment_type: 'system',
    created_at: '2026-11-20T09:30:00Z',
    token: TOKEN,
    has_scan_uploaded: true,
    has_sbom: true,
    has_audit: true,
    scan_uploaded_at: '2026-11-21T08:00:00Z',
    analysis: '4 of 11 hardening checks failed, 2 of them critical. The SBOM lists 13 components with 1 known vulnerability.',
    make: context.make || null,
    model: context.model || null,
    industry: context.industry || null,
    ...over,
    context,
  };
}
