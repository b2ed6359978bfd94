import type { AdvisoryLink, Coverage, FindingSource, Kev } from './vulns';

export type DeviceType = 'linux' | 'rtos';

export interface UserAccount {
  username: string;
  home_directory: string;
  uid: string | number;
  shell: string;
  group_name: string;
  privileges: string;
}

export interface NetworkInterface {
  name: string;
  state: string;
  /** Comma-separated list of addresses. */
  ip_addresses: string;
}

export interface Device {
  uid: string;
  hostname: string;
  device_type: DeviceType;
  platform_name: string;
  platform_version: string;
  kernel_arch: string;
  kernel_version: string;
  /** 'High', 'Medium' or another value. */
  risk_score: string | null;
  created_at: string;
  last_connected: string | null;
  user_accounts: UserAccount[];
  network_interfaces: NetworkInterface[];
  package_count?: number;
  cve_count?: number;
  high_risk_cve_count?: number;
  /** Findings on CVEs in CISA's KEV catalogue. */
  kev_count?: number;
  /** A device the demo seed simulated: matched against the demo catalogue. */
  demo?: boolean;
  /** One entry per ecosystem of the device's packages, sorted by ecosystem. */
  coverage?: Coverage[];
  /** Packages of no ecosystem the console can match (RTOS firmware, an OS without a feed): never checked. */
  unmatched_packages?: number;
}

export interface Package {
  name: string;
  version: string;
  cve_id: string | null;
  cve_uid: string | null;
  score: number | null;
  source?: FindingSource;
  kev?: Kev | null;
  epss?: number | null;
  epss_percentile?: number | null;
}

export interface PackageCount {
  count: number;
  cve_count: number;
  high_risk_cve_count: number;
  kev_count?: number;
  /** CISA's KEV catalogue is loaded: without it, kev_count is unknown, not 0. */
  kev_loaded?: boolean;
  /** EPSS scores are loaded. */
  epss_loaded?: boolean;
}

export interface Thread {
  thread_name: string;
  avg_cpu_usage: number;
}

export interface CveDescription {
  cve_id?: string;
  description: string;
  score?: number | null;
  vector?: string | null;
  aliases?: string[];
  /** Described by the demo catalogue only. */
  demo?: boolean;
  kev?: Kev | null;
  epss?: number | null;
  epss_percentile?: number | null;
  /** https only, by contract; shown as links only when they are http(s). */
  links?: AdvisoryLink[];
}

/** A row of the tenant's device list (Technical Overview). */
export interface DeviceListItem {
  uid: string;
  hostname: string;
  device_type: DeviceType;
  platform_name: string;
  platform_version: string;
  risk_score: string | null;
  last_connected: string | null;
  created_at: string;
  package_count: number;
  cve_count: number;
  high_risk_cve_count: number;
  kev_count?: number;
}

export interface Agent {
  uid: string;
  device_type: DeviceType;
  architecture: string;
  version: string;
}

export interface ProvisionToken {
  uid: string;
  name: string;
  enabled: boolean;
  created_by: string;
  created_at: string;
  token: string;
}

export interface ApiKey {
  uid: string;
  name: string;
  prefix: string;
  revoked: boolean;
  created: string;
  /** Returned only once, by the create call. */
  key?: string;
}

/** The create call's answer: the only time the full key (`prefix.secret`) is sent. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}
