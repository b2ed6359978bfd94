import type { StrategicDashboard } from '@console/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

function Kpi({ label, value, alarm = false }: { label: string; value: number; alarm?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 160px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={alarm && value > 0 ? { color: '#d32f2f', fontWeight: 'bold' } : undefined}>
        {value}
      </Typography>
    </Paper>
  );
}

/** Headline counts: devices, CVE findings, high-risk CVEs (CVSS above 7.5), affected devices, open alerts. */
export function KpiCards({ data }: { data: StrategicDashboard }) {
  const devices = data.devices_by_type.reduce((sum, row) => sum + row.count, 0);
  const open = data.alerts_by_status.find((row) => row.status === 'OPEN')?.count ?? 0;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Kpi label="Devices" value={devices} />
      <Kpi label="CVE findings" value={data.cve_counts.total} />
      <Kpi label="High-risk CVEs" value={data.cve_counts.high_risk} alarm />
      <Kpi label="Devices with CVEs" value={data.cve_counts.devices_affected} />
      <Kpi label="Open alerts" value={open} alarm />
    </Box>
  );
}
