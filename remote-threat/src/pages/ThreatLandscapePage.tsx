import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ErrorState, useAuth, useDocumentTitle } from '@console/shared';
import { useHoneypotMetrics } from '../api/honeypot-metrics';
import { AsnBarChart } from '../components/AsnBarChart';
import { CountryPieChart } from '../components/CountryPieChart';
import { CountTable } from '../components/CountTable';
import { TotalAttacksCard } from '../components/TotalAttacksCard';

export const HONEYPOT_ERROR = 'Error loading honeypot data.';

/** Spec §2 "Threat Landscape": attack data collected by the honeynet, shared by all tenants. */
export function ThreatLandscapePage() {
  const { profile } = useAuth();
  const { data, error, isLoading, mutate } = useHoneypotMetrics();
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
      {isLoading || !data ? (
        <Box role="status" aria-label="Loading" sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress />
        </Box>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 3 }}>
            <TotalAttacksCard total={data.total_attacks} />
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <AsnBarChart rows={data.top_asns} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <CountryPieChart rows={data.top_countries} />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <CountTable
              title="Top Commands (last 14 days)"
              valueLabel="Command"
              rows={data.top_commands.map((row) => ({ value: row.command, count: row.count }))}
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <CountTable
              title="Top File Hashes (last 14 days)"
              valueLabel="Hash"
              rows={data.top_hashes.map((row) => ({ value: row.hash, count: row.count }))}
            />
          </Grid>
        </Grid>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 4 }}>
        Shared threat intelligence, the same for every tenant · your tenant{' '}
        <span data-testid="tenant-uid">{profile?.tenant_uid ?? ''}</span>
      </Typography>
    </Box>
  );
}
