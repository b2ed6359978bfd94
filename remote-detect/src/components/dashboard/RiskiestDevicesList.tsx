import type { StrategicDashboard } from '@console/shared';
import { RiskChip } from '../common/RiskChip';
import { ClickableListCard } from './ClickableListCard';
import type { OnVariablesChange } from './variables';

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
    <ClickableListCard
      title="Riskiest devices"
      rows={rows}
      onSelect={(device) => onVariablesChange({ device_uid: device.uid })}
      primary={(device) => device.hostname}
      secondary={findingsText}
      chip={(device) => <RiskChip level={device.risk_score} />}
    />
  );
}
