import { FieldList, type Device } from '@console/shared';
import { formatDateTime } from '../common/format';
import { RiskChip } from '../common/RiskChip';

export function DeviceOverview({ device }: { device: Device }) {
  return (
    <FieldList
      fields={[
        { label: 'Hostname', value: device.hostname },
        { label: 'Device type', value: device.device_type },
        { label: 'Platform', value: `${device.platform_name} ${device.platform_version}`.trim() },
        { label: 'Kernel', value: `${device.kernel_version} (${device.kernel_arch})` },
        { label: 'Risk', value: <RiskChip level={device.risk_score} /> },
        // Spec §3: created_at is shown as "onboarded".
        { label: 'Onboarded', value: formatDateTime(device.created_at) },
        { label: 'Last connected', value: formatDateTime(device.last_connected) },
      ]}
    />
  );
}
