import type { HoneypotShare } from '@console/shared';
import Typography from '@mui/material/Typography';
import { ChartCard } from './ChartCard';
import { attacks, percentOf } from './share';

export interface AsnBarChartProps {
  share: HoneypotShare;
  /** "last 14 days" */
  period: string;
}

/** The top 10 networks by attacks; the rest and the unknown are counted below the bars, not ranked. */
export function AsnBarChart({ share, period }: AsnBarChartProps) {
  const { rows, other, unknown } = share;
  return (
    <ChartCard
      title={`Top ASNs (${period})`}
      empty={share.total === 0}
      chart={{
        type: 'bar',
        label: `Attacks by ASN, top 10 over the ${period}`,
        series: [{ name: 'Attacks', data: rows.map((row) => row.count) }],
        options: {
          chart: { toolbar: { show: false }, animations: { enabled: false } },
          plotOptions: { bar: { horizontal: true, borderRadius: 2 } },
          colors: ['#5a00ff'],
          dataLabels: { enabled: false },
          xaxis: { categories: rows.map((row) => row.value) },
          yaxis: { labels: { maxWidth: 220 } },
          tooltip: { y: { formatter: (value: number) => `${attacks(value)} (${percentOf(value, share)} of all)` } },
        },
      }}
      footer={
        share.total > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="asn-rest">
            Other networks: {attacks(other)} ({percentOf(other, share)}) · Unknown network: {attacks(unknown)} (
            {percentOf(unknown, share)})
          </Typography>
        )
      }
    />
  );
}
