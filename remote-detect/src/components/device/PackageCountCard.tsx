import { ErrorState } from '@console/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePackageCount } from '../../api/package-count';
import { useLogError } from '../../api/http-helpers';
import { CVE_PAIRS, HIGH_RISK_CVE_PAIRS } from '../common/cveCounts';

/** Shown instead of a count of known exploited findings when no KEV data is loaded: unknown is not 0. */
export const KEV_NOT_LOADED = "CISA's KEV catalogue is not loaded";
export const PACKAGE_COUNT_ERROR = 'Could not load the package counts';

interface FigureProps {
  label: string;
  value: number | undefined;
  /** Replaces the figure: what could not be checked at all. */
  unknown?: string;
  highlight?: boolean;
  /** Not every package could be checked: a count of findings is a lower bound. */
  incomplete?: boolean;
  /** What the figure counts, under it. */
  caption?: string;
}

function Figure({ label, value, unknown, highlight = false, incomplete = false, caption }: FigureProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 140, flex: 1 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={highlight && value ? { color: 'error.main', fontWeight: 'bold' } : undefined}>
        {unknown === undefined ? (value ?? '—') : '—'}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary" component="p">
          {caption}
        </Typography>
      )}
      {unknown !== undefined && (
        <Typography variant="caption" color="warning.dark" component="p">
          {unknown}
        </Typography>
      )}
      {unknown === undefined && incomplete && (
        <Typography variant="caption" color="warning.dark">
          incomplete: not every package could be checked
        </Typography>
      )}
    </Paper>
  );
}

/** Packages, CVE findings, high-risk findings (CVSS above 7.5) and known exploited findings (CISA KEV) of one device. */
export function PackageCountCard({ uid, incomplete = false }: { uid: string; incomplete?: boolean }) {
  const { data, error, mutate } = usePackageCount(uid);
  // Spec §8 only logs a count error; the card says so too: dashes would read as "nothing to count".
  useLogError(error, 'Loading the package count');
  if (error && !data)
    return (
      <Box sx={{ mb: 2 }} aria-label="Package count">
        <ErrorState compact message={PACKAGE_COUNT_ERROR} onRetry={() => void mutate()} />
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }} aria-label="Package count">
      <Figure label="Packages" value={data?.count} />
      <Figure label="CVEs" value={data?.cve_count} incomplete={incomplete} caption={CVE_PAIRS} />
      <Figure
        label="High-risk CVEs"
        value={data?.high_risk_cve_count}
        highlight
        incomplete={incomplete}
        caption={HIGH_RISK_CVE_PAIRS}
      />
      <Figure
        label="Known exploited"
        value={data?.kev_count}
        unknown={data?.kev_loaded === false ? KEV_NOT_LOADED : undefined}
        highlight
        incomplete={incomplete}
      />
    </Box>
  );
}
