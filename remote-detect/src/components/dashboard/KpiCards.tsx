import { DemoDataChip, type StrategicDashboard } from '@console/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DISTINCT_CVES, HIGH_RISK_DISTINCT_CVES } from '../common/cveCounts';

interface KpiProps {
  label: string;
  /** Undefined: an older server that does not count this (shown as a dash, never as 0). */
  value: number | undefined;
  alarm?: boolean;
  caption?: string;
  /** Part of the count is demo data. */
  demo?: boolean;
}

function Kpi({ label, value, alarm = false, caption, demo = false }: KpiProps) {
  return (
    <Paper variant="outlined" role="group" aria-label={label} sx={{ p: 2, flex: '1 1 160px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={alarm && value ? { color: 'error.main', fontWeight: 'bold' } : undefined}>
        {value ?? '—'}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary" component="p">
          {caption}
        </Typography>
      )}
      {demo && <DemoDataChip />}
    </Paper>
  );
}

/**
 * Headline counts: devices, CVE findings, high-risk CVEs (CVSS above 7.5), known exploited CVEs
 * (CISA KEV), affected devices, open alerts. The CVE figures say so when some findings are demo data.
 */
export function KpiCards({ data }: { data: StrategicDashboard }) {
  const devices = data.devices_by_type.reduce((sum, row) => sum + row.count, 0);
  const open = data.alerts_by_status.find((row) => row.status === 'OPEN')?.count ?? 0;
  const cves = data.cve_counts;
  const demo = (cves.demo ?? 0) > 0;
  const kevDevices = cves.kev_devices;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Kpi label="Devices" value={devices} />
      <Kpi label="CVE findings" value={cves.total} demo={demo} caption={DISTINCT_CVES} />
      <Kpi label="High-risk CVEs" value={cves.high_risk} alarm demo={demo} caption={HIGH_RISK_DISTINCT_CVES} />
      {cves.kev_loaded === false ? (
        // Unknown is not 0: without the catalogue nothing was checked.
        <Kpi label="Known exploited" value={undefined} caption="CISA's KEV catalogue is not loaded" />
      ) : (
        <Kpi
          label="Known exploited"
          value={cves.kev}
          alarm
          demo={demo}
          caption={
            kevDevices === undefined
              ? 'CISA KEV'
              : `CISA KEV, on ${kevDevices.toLocaleString('en-US')} ${kevDevices === 1 ? 'device' : 'devices'}`
          }
        />
      )}
      <Kpi label="Devices with CVEs" value={cves.devices_affected} demo={demo} />
      <Kpi label="Open alerts" value={open} alarm />
    </Box>
  );
}
