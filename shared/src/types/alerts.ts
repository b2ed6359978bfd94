export type AlertStatus = 'OPEN' | 'CLOSED';

export interface AssociatedAlert {
  elastic_rule_name: string;
  elastic_alert_id: string;
  link?: string;
}

export interface Alert {
  uid: string;
  name: string;
  device: string;
  status: AlertStatus;
  priority: string;
  indicator: string;
  description: string;
  recommendation: string;
  summary: string;
  event_data: Record<string, unknown>;
  elastic_alert_created_at: string;
  associated_alert_ids: AssociatedAlert[];
  mitre_ids?: string[];
  model?: string;
  [field: string]: unknown;
}

export interface TenantSummary {
  [field: string]: unknown;
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
