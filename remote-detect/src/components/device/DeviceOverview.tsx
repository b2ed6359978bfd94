import { FieldList, formatDateTime, type Device } from '@console/shared';
import Typography from '@mui/material/Typography';
import { RiskChip } from '../common/RiskChip';
import { findingsIncomplete } from './FindingsCoverage';

/** Shown beside the risk when the findings it rests on are incomplete: a Low there is not a clean bill. */
export const RISK_INCOMPLETE_NOTE = 'based on incomplete findings (see System Packages)';

export function DeviceOverview({ device }: { device: Device }) {
  return (
    <FieldList
      fields={[
        { label: 'Hostname', value: device.hostname },
        { label: 'Device type', value: device.device_type },
        { label: 'Platform', value: `${device.platform_name} ${device.platform_version}`.trim() },
        { label: 'Kernel', value: `${device.kernel_version} (${device.kernel_arch})` },
        {
          label: 'Risk',
          value: (
            <>
              <RiskChip level={device.risk_score} />
              {findingsIncomplete(device) && (
                <Typography component="span" variant="caption" color="warning.dark" sx={{ ml: 1 }}>
                  {RISK_INCOMPLETE_NOTE}
                </Typography>
              )}
            </>
          ),
        },
        // Spec §3: created_at is shown as "onboarded".
        { label: 'Onboarded', value: formatDateTime(device.created_at) },
        { label: 'Last connected', value: formatDateTime(device.last_connected) },
      ]}
    />
  );
}
