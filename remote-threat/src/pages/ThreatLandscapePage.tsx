import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ErrorState, SafeLink, useAuth, useDocumentTitle } from '@console/shared';
import { useHoneypotMetrics } from '../api/honeypot-metrics';
import { CountTable } from '../components/CountTable';
import { ExportButtons } from '../components/ExportButtons';
import { HashLinks } from '../components/LookupLinks';
import { OriginCharts } from '../components/OriginCharts';
import { RangeSelector } from '../components/RangeSelector';
import { SensorsCard } from '../components/SensorsCard';
import { SessionsCard } from '../components/SessionsCard';
import { TopLists } from '../components/TopLists';
import { TotalAttacksCard } from '../components/TotalAttacksCard';
import { TrendChart } from '../components/TrendChart';
import { rangeWords, useRange } from '../range/range';

export const HONEYPOT_ERROR = 'Error loading honeypot data.';

/**
 * Spec §2 "Threat Landscape": attack data collected by the honeynet, shared by all tenants. A time
 * range (kept in the URL) moves every card; without one, the spec's windows hold (total 24 hours,
 * lists 14 days).
 */
export function ThreatLandscapePage() {
  const { profile } = useAuth();
  const [range, setRange] = useRange();
  const { data, error, isLoading, mutate } = useHoneypotMetrics(range);
  const period = rangeWords(range);
  useDocumentTitle(['Threat Landscape']);

  // Spec §8: the error message replaces the page (never the empty tables' "No data for the last 14 days.").
  if (error) return <ErrorState message={HONEYPOT_ERROR} onRetry={() => void mutate()} />;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Threat Landscape
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 900 }}>
        Attacks seen by our honeynet: SSH and Telnet honeypots that attackers on the internet probe, brute-force and break into
        every day. The networks and countries they come from, the commands they run and the files they drop show what is aimed at
        devices like yours right now.
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <RangeSelector value={range} onChange={setRange} />
          <Typography variant="body2" color="text.secondary" data-testid="range-caption">
            {range === undefined
              ? 'Total of the last 24 hours, everything else of the last 14 days'
              : `Everything of the ${period}`}
          </Typography>
        </Box>
        <ExportButtons range={range} />
      </Box>
      {isLoading || !data ? (
        <Box role="status" aria-label="Loading" sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress />
        </Box>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 3 }}>
            <TotalAttacksCard total={data.total_attacks} range={range} />
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <TrendChart range={range} />
          </Grid>
          <OriginCharts range={range} />
          <Grid size={{ xs: 12, md: 7 }}>
            <CountTable
              title={`Top Commands (${period})`}
              valueLabel="Command"
              period={period}
              rows={data.top_commands.map((row) => ({ value: row.command, count: row.count }))}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <SensorsCard range={range} />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <CountTable
              title={`Top File Hashes (${period})`}
              valueLabel="Hash"
              period={period}
              rows={data.top_hashes.map((row) => ({ value: row.hash, count: row.count }))}
              links={(hash) => <HashLinks hash={hash} />}
            />
          </Grid>
          <TopLists range={range} />
          <Grid size={{ xs: 12 }}>
            <SessionsCard range={range} />
          </Grid>
        </Grid>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 4 }}>
        Shared threat intelligence, the same for every tenant · your tenant{' '}
        <span data-testid="tenant-uid">{profile?.tenant_uid ?? ''}</span>
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" data-testid="ip-data-attribution">
        Where a sensor sends no location, networks and countries come from RouteViews, the regional internet registries (NRO) and{' '}
        <SafeLink href="https://db-ip.com">IP Geolocation by DB-IP</SafeLink> (CC BY 4.0), via ip-location-db.
      </Typography>
    </Box>
  );
}
