import Grid from '@mui/material/Grid';
import type { HoneypotRange } from '@console/shared';
import { useHoneypotTopLists } from '../api/honeypot-top-lists';
import { rangeWords } from '../range/range';
import { CountTable } from './CountTable';
import { LandscapeCard } from './LandscapeCard';
import { Loaded } from './Loaded';
import { IpLinks } from './LookupLinks';

/**
 * Top source addresses (with AS and abuse lookups), usernames and passwords tried, and URLs
 * downloaded. URLs are shown as text, never links: they serve malware.
 */
export function TopLists({ range }: { range: HoneypotRange | undefined }) {
  const result = useHoneypotTopLists(range);
  const period = rangeWords(range);
  if (result.data === undefined) {
    return (
      <Grid size={{ xs: 12 }}>
        <LandscapeCard title={`Sources and credentials (${period})`}>
          <Loaded what="the top sources, credentials and URLs" result={result}>
            {() => null}
          </Loaded>
        </LandscapeCard>
      </Grid>
    );
  }
  const lists = result.data;
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <CountTable
          title={`Top Source IPs (${period})`}
          valueLabel="IP"
          period={period}
          rows={lists.source_ips}
          links={(ip) => <IpLinks ip={ip} />}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <CountTable title={`Top Downloaded URLs (${period})`} valueLabel="URL" period={period} rows={lists.urls} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <CountTable title={`Top Usernames (${period})`} valueLabel="Username" period={period} rows={lists.usernames} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <CountTable title={`Top Passwords (${period})`} valueLabel="Password" period={period} rows={lists.passwords} />
      </Grid>
    </>
  );
}
