import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatEpss, formatPercentile } from './format';

export interface EpssValueProps {
  epss: number | null | undefined;
  percentile: number | null | undefined;
}

export function epssTooltip(percentile: number | null | undefined): string {
  const shown = formatPercentile(percentile);
  const base = 'EPSS: probability of exploitation in the next 30 days';
  return shown ? `${base}. Percentile ${shown}: more likely than ${shown}% of scored CVEs.` : `${base}.`;
}

/** An EPSS score as a percentage, its percentile on hover; a dash when there is no score. */
export function EpssValue({ epss, percentile }: EpssValueProps) {
  if (epss === null || epss === undefined) return <>—</>;
  return (
    <Tooltip title={epssTooltip(percentile)} describeChild>
      <Typography component="span" variant="inherit" data-epss>
        {formatEpss(epss)}
      </Typography>
    </Tooltip>
  );
}
