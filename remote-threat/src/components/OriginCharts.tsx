import type { HoneypotRange } from '@console/shared';
import Grid from '@mui/material/Grid';
import { useHoneypotOrigins } from '../api/honeypot-origins';
import { rangeWords } from '../range/range';
import { AsnBarChart } from './AsnBarChart';
import { CountryPieChart } from './CountryPieChart';
import { LandscapeCard } from './LandscapeCard';
import { Loaded } from './Loaded';

/** The spec's ASN bar chart and country pie, as shares of every attack in the window. */
export function OriginCharts({ range }: { range: HoneypotRange | undefined }) {
  const result = useHoneypotOrigins(range);
  const period = rangeWords(range);
  if (result.data === undefined) {
    return (
      <Grid size={{ xs: 12 }}>
        <LandscapeCard title={`Top ASNs and Countries (${period})`}>
          <Loaded what="the networks and countries of the attacks" result={result}>
            {() => null}
          </Loaded>
        </LandscapeCard>
      </Grid>
    );
  }
  return (
    <>
      <Grid size={{ xs: 12, md: 7 }}>
        <AsnBarChart share={result.data.asns} period={period} />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <CountryPieChart share={result.data.countries} period={period} />
      </Grid>
    </>
  );
}
