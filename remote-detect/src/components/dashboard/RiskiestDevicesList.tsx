import type { StrategicDashboard } from '@console/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { RiskChip } from '../common/RiskChip';
import type { OnVariablesChange } from './variables';
import { NoData, WidgetCard } from './WidgetCard';

type RiskyDevice = StrategicDashboard['riskiest_devices'][number];

/** "2 high-risk CVEs · 1 known exploited" (the API lists devices with KEV findings first). */
function findingsText(device: RiskyDevice): string {
  const text = `${device.high_risk_cve_count} high-risk CVEs`;
  return device.kev_count ? `${text} · ${device.kev_count} known exploited` : text;
}

/** A click reports device_uid to the page (which decides whether to navigate). */
export function RiskiestDevicesList({
  rows,
  onVariablesChange,
}: {
  rows: StrategicDashboard['riskiest_devices'];
  onVariablesChange: OnVariablesChange;
}) {
  return (
    <WidgetCard title="Riskiest devices">
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <List dense aria-label="Riskiest devices">
          {rows.map((device) => (
            // Each button in a list item: a <ul> holds only <li>, or screen readers miscount it.
            <ListItem key={device.uid} disablePadding>
              <ListItemButton onClick={() => onVariablesChange({ device_uid: device.uid })}>
                <ListItemText primary={device.hostname} secondary={findingsText(device)} />
                <RiskChip level={device.risk_score} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </WidgetCard>
  );
}
