import type { HoneypotShare } from '@console/shared';
import Typography from '@mui/material/Typography';
import { ChartCard } from './ChartCard';
import { attacks, percentOf } from './share';

// Ten distinct colours for ten slices (ApexCharts' default palette repeats after five); greys for
// the rest and the unknown, which are not countries.
const COLORS = ['#5a00ff', '#008ffb', '#00e396', '#feb019', '#ff4560', '#775dd0', '#3f51b5', '#26a69a', '#d4526e', '#8d6e63'];
const OTHER_COLOR = '#9e9e9e';
const UNKNOWN_COLOR = '#d7d7d7';
export const OTHER_COUNTRIES = 'Other countries';
export const UNKNOWN_LOCATION = 'Unknown location';

export interface CountryPieChartProps {
  share: HoneypotShare;
  /** "last 14 days" */
  period: string;
}

/**
 * The top 10 countries, then the other countries and the unknown as grey slices: the slices add up
 * to every attack in the window, so each percentage is of all attacks, not of the top 10.
 */
export function CountryPieChart({ share, period }: CountryPieChartProps) {
  const slices = [
    ...share.rows.map((row, index) => ({ label: row.value, count: row.count, color: COLORS[index]! })),
    ...(share.other > 0 ? [{ label: OTHER_COUNTRIES, count: share.other, color: OTHER_COLOR }] : []),
    ...(share.unknown > 0 ? [{ label: UNKNOWN_LOCATION, count: share.unknown, color: UNKNOWN_COLOR }] : []),
  ];
  return (
    <ChartCard
      title={`Top Countries (${period})`}
      empty={share.total === 0}
      chart={{
        type: 'pie',
        label: `Attacks by country, top 10 over the ${period}, with the other countries and the unknown`,
        series: slices.map((slice) => slice.count),
        options: {
          chart: { animations: { enabled: false } },
          labels: slices.map((slice) => slice.label),
          colors: slices.map((slice) => slice.color),
          legend: { position: 'bottom' },
          tooltip: { y: { formatter: (value: number) => `${attacks(value)} (${percentOf(value, share)})` } },
        },
      }}
      footer={
        share.unknown > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="country-unknown">
            {UNKNOWN_LOCATION}: {attacks(share.unknown)} ({percentOf(share.unknown, share)}), from addresses no database places;
            not ranked as a country.
          </Typography>
        )
      }
    />
  );
}
