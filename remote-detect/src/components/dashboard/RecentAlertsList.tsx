import { formatDateTime, type StrategicDashboard } from '@console/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { PriorityChip } from '../common/PriorityChip';
import type { OnVariablesChange } from './variables';
import { NoData, WidgetCard } from './WidgetCard';

/** The newest open alerts; a click reports alert_uid to the page. */
export function RecentAlertsList({
  rows,
  onVariablesChange,
}: {
  rows: StrategicDashboard['recent_alerts'];
  onVariablesChange: OnVariablesChange;
}) {
  return (
    <WidgetCard title="Recent open alerts">
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <List dense aria-label="Recent open alerts">
          {rows.map((alert) => (
            // Each button in a list item: a <ul> holds only <li>, or screen readers miscount it.
            <ListItem key={alert.uid} disablePadding>
              <ListItemButton onClick={() => onVariablesChange({ alert_uid: alert.uid })}>
                <ListItemText
                  primary={alert.name}
                  secondary={`${alert.device_hostname} · ${formatDateTime(alert.elastic_alert_created_at)}`}
                />
                <PriorityChip priority={alert.priority} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </WidgetCard>
  );
}
