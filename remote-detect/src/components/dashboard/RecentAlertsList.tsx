import { formatDateTime, type StrategicDashboard } from '@console/shared';
import { PriorityChip } from '../common/PriorityChip';
import { ClickableListCard } from './ClickableListCard';
import type { OnVariablesChange } from './variables';

/** The newest open alerts; a click reports alert_uid to the page. */
export function RecentAlertsList({
  rows,
  onVariablesChange,
}: {
  rows: StrategicDashboard['recent_alerts'];
  onVariablesChange: OnVariablesChange;
}) {
  return (
    <ClickableListCard
      title="Recent open alerts"
      rows={rows}
      onSelect={(alert) => onVariablesChange({ alert_uid: alert.uid })}
      primary={(alert) => alert.name}
      secondary={(alert) => `${alert.device_hostname} · ${formatDateTime(alert.elastic_alert_created_at)}`}
      chip={(alert) => <PriorityChip priority={alert.priority} />}
    />
  );
}
