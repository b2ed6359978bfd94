export type AlertStatus = 'OPEN' | 'CLOSED';
export type AlertPriority = 'Critical' | 'High' | 'Medium' | 'Low';

export interface AssociatedAlert {
  elastic_rule_name: string;
  elastic_alert_id: string;
  /** The uid of that alert in this tenant; null when unknown. */
  link?: string | null;
}

export interface Alert {
  uid: string;
  name: string;
  /** The device uid. */
  device: string;
  device_hostname?: string;
  status: AlertStatus;
  priority: AlertPriority | string;
  indicator: string;
  description: string;
  recommendation: string;
  summary: string;
  event_data: Record<string, unknown>;
  elastic_alert_created_at: string;
  associated_alert_ids: AssociatedAlert[];
  mitre_ids?: string[];
  model?: string;
  elastic_rule_id?: string;
  elastic_alert_id?: string;
  elastic_rule_name?: string;
  elastic_index?: string;
  created_at?: string;
  updated_at?: string;
  [field: string]: unknown;
}

/** A row of the tenant's alert list (Technical Overview). */
export interface AlertListItem {
  uid: string;
  name: string;
  device: string;
  device_hostname: string;
  status: AlertStatus;
  priority: AlertPriority | string;
  elastic_alert_created_at: string;
}

export interface SummaryCounts {
  devices: number;
  linux: number;
  rtos: number;
  packages: number;
  cves: number;
  high_risk_cves: number;
  open_alerts: number;
  closed_alerts: number;
  kev_cves?: number;
}

export interface WorstFinding {
  device_uid: string;
  hostname: string;
  cve_id: string;
  score: number;
  package: string;
}

/** The latest tenant summary; the dashboard keeps it in its variables as exec_summary. */
export interface TenantSummary {
  uid: string;
  created_at: string;
  /** A plain-English executive summary of a few sentences. */
  text: string;
  counts: SummaryCounts;
  worst_findings: WorstFinding[];
}

/** GET /v1/tenants/{t}/dashboard/strategic/ */
export interface StrategicDashboard {
  devices_by_risk: Array<{ risk_score: string; count: number }>;
  devices_by_type: Array<{ device_type: string; count: number }>;
  alerts_by_status: Array<{ status: AlertStatus; count: number }>;
  /** Last 30 days, by the day the alert was created (YYYY-MM-DD). */
  open_alerts_by_priority: Array<{ date: string; priority: string; count: number }>;
  top_vulnerable_packages: Array<{
    name: string;
    device_count: number;
    cve_count: number;
    max_score: number | null;
    kev_count?: number;
  }>;
  cve_counts: {
    total: number;
    high_risk: number;
    devices_affected: number;
    /** Distinct KEV CVEs among the tenant's findings. */
    kev?: number;
    /** Devices with a KEV finding. */
    kev_devices?: number;
    /** Findings that are demo data. */
    demo?: number;
    /** CISA's KEV catalogue is loaded: without it, kev is unknown, not 0. */
    kev_loaded?: boolean;
  };
  /** Devices with KEV findings come first. */
  riskiest_devices: Array<{
    uid: string;
    hostname: string;
    risk_score: string | null;
    high_risk_cve_count: number;
    kev_count?: number;
  }>;
  recent_alerts: Array<AlertListItem>;
}

export interface CountItem {
  count: number;
}

export interface HoneypotMetrics {
  total_attacks: number;
  top_asns: Array<CountItem & { asn: string }>;
  top_countries: Array<CountItem & { country: string }>;
  top_commands: Array<CountItem & { command: string }>;
  top_hashes: Array<CountItem & { hash: string }>;
}
