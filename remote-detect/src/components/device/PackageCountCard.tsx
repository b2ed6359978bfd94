import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePackageCount } from '../../api/package-count';
import { useLogError } from '../../hooks/useLogError';

function Figure({ label, value, highlight = false }: { label: string; value: number | undefined; highlight?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 140, flex: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={highlight && value ? { color: '#d32f2f', fontWeight: 'bold' } : undefined}>
        {value ?? '—'}
      </Typography>
    </Paper>
  );
}

/** Packages, CVE findings and high-risk findings (CVSS above 7.5) of one device. */
export function PackageCountCard({ uid }: { uid: string }) {
  const { data, error } = usePackageCount(uid);
  // Spec §8: a count error is only logged.
  useLogError(error, 'Loading the package count');
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }} aria-label="Package count">
      <Figure label="Packages" value={data?.count} />
      <Figure label="CVEs" value={data?.cve_count} />
      <Figure label="High-risk CVEs" value={data?.high_risk_cve_count} highlight />
    </Box>
  );
}
