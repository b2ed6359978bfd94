// The Threat Landscape's honeynet aggregates, sessions and sensors: the API's schemas in
// @console/contracts (HoneypotMetrics itself is re-exported beside the alerts).
export type {
  HoneypotOrigins,
  HoneypotRange,
  HoneypotSensors,
  HoneypotSession,
  HoneypotSessionList,
  HoneypotSessionTimeline,
  HoneypotShare,
  HoneypotTimelineEvent,
  HoneypotTopLists,
  HoneypotTrend,
} from '@console/contracts';
