// DETECT alerts, the dashboard and the summary, and the honeynet metrics: the API's schemas in
// @console/contracts.
import type { HoneypotMetrics } from '@console/contracts';

export type {
  Alert,
  AlertListItem,
  AlertPriority,
  AlertStatus,
  AssociatedAlert,
  HoneypotMetrics,
  StrategicDashboard,
  SummaryCounts,
  TenantSummary,
  WorstFinding,
} from '@console/contracts';

/** One entry of a honeynet top list. */
export type CountItem = HoneypotMetrics['top_asns'][number];
