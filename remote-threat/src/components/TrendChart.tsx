import { ApexChart, formatDateTime, formatUtcDay, type HoneypotRange } from '@console/shared';
import Typography from '@mui/material/Typography';
import { useHoneypotTrend } from '../api/honeypot-trend';
import { rangeWords } from '../range/range';
import { LandscapeCard } from './LandscapeCard';
import { Loaded } from './Loaded';

/** "+12% on the previous 7 days", or "new" when the previous window saw nothing. */
function change(total: number, previous: number, words: string): string {
  const period = words.replace('last', 'previous');
  if (previous === 0) return total === 0 ? `none in the ${period} either` : `none in the ${period}`;
  const percent = Math.round(((total - previous) / previous) * 100);
  return `${percent >= 0 ? '+' : ''}${percent}% on the ${period} (${previous.toLocaleString('en-US')})`;
}

/** Attacks per hour (24 h, 7 d) or per day (14 d, 30 d), with the window before for comparison. */
export function TrendChart({ range }: { range: HoneypotRange | undefined }) {
  const result = useHoneypotTrend(range);
  const words = rangeWords(range);
  return (
    <LandscapeCard title={`Attacks over time (${words})`}>
      <Loaded what="the attack trend" result={result}>
        {(trend) => (
          <>
            <Typography variant="body2" color="text.secondary" data-testid="trend-summary">
              {trend.total.toLocaleString('en-US')} attacks, {change(trend.total, trend.previous_total, words)}
              {trend.previous_complete ? '' : ' (partial: that period reaches past the retention)'}. Per{' '}
              {trend.bucket === 'hour' ? 'hour' : 'day (UTC)'}.
            </Typography>
            <ApexChart
              type="line"
              height={280}
              testId="trend-chart"
              label={`Attacks per ${trend.bucket} over the ${words}, and over the period before`}
              series={[
                { name: 'This period', data: trend.points.map((point) => [Date.parse(point.start), point.count]) },
                { name: 'Previous period', data: trend.points.map((point) => [Date.parse(point.start), point.previous]) },
              ]}
              options={{
                chart: { toolbar: { show: false }, animations: { enabled: false }, zoom: { enabled: false } },
                colors: ['#5a00ff', '#9e9e9e'],
                stroke: { width: [2, 2], dashArray: [0, 5], curve: 'straight' },
                xaxis: { type: 'datetime', labels: { datetimeUTC: trend.bucket === 'day' } },
                yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (value: number) => Math.round(value).toString() } },
                legend: { position: 'top' },
                // Hours in the viewer's zone, days in UTC (as the axis draws them), each named.
                tooltip: {
                  x: { formatter: (value: number) => (trend.bucket === 'hour' ? formatDateTime(value) : formatUtcDay(value)) },
                },
              }}
            />
          </>
        )}
      </Loaded>
    </LandscapeCard>
  );
}
