import { ErrorState, formatDateTime, LoadingState, type FeedState } from '@console/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFeeds } from '../../api/feeds';
import { FeedEcosystemsTable } from './FeedEcosystemsTable';
import { FeedSourcesTable } from './FeedSourcesTable';
import { formatCount } from './feedFormat';

export const FEEDS_ERROR = 'Could not load the vulnerability feed state.';
export const DEMO_CATALOGUE_LABEL = 'Demo catalogue — matches demo devices only';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 'bold', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function scheduleText(sync: FeedState['sync']): string {
  if (sync.interval_hours > 0) {
    return `Every ${sync.interval_hours} ${sync.interval_hours === 1 ? 'hour' : 'hours'}`;
  }
  return 'Off: feeds change only when an administrator syncs or imports them';
}

/** Findings lag the stored feed while a re-match is owed: said, never shown as a clean state. */
function RematchState({ rematch, running }: { rematch: FeedState['rematch'] | undefined; running: boolean }) {
  if (rematch === undefined) return <>—</>;
  if (rematch.pending === 0) return <>Matched against the stored feed</>;
  const what = `${formatCount(rematch.pending)} package ${rematch.pending === 1 ? 'name or CVE' : 'names and CVEs'}`;
  if (running) return <Box sx={{ color: 'info.main' }}>Re-matching devices and SBOMs: {what} left</Box>;
  return (
    <Box sx={{ color: 'warning.main' }}>
      Behind the stored feed since {formatDateTime(rematch.since)}: {what} not re-matched yet (a sync stopped midway); the next
      sync completes it
    </Box>
  );
}

function Schedule({ sync, rematch }: { sync: FeedState['sync']; rematch: FeedState['rematch'] | undefined }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, m: 0 }}>
      <Typography component="dt" color="text.secondary">
        Automatic sync
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {scheduleText(sync)}
      </Typography>
      <Typography component="dt" color="text.secondary">
        Running now
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {sync.running ? 'Yes' : 'No'}
      </Typography>
      <Typography component="dt" color="text.secondary">
        Next run
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {formatDateTime(sync.next_at)}
      </Typography>
      <Typography component="dt" color="text.secondary">
        Findings
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        <RematchState rematch={rematch} running={sync.running} />
      </Typography>
    </Box>
  );
}

/** Settings › Vulnerability feed: where findings come from and how fresh they are (GET /v1/feeds/). */
export function FeedsTab() {
  const { data, error, isLoading, mutate } = useFeeds();
  if (error && !data) return <ErrorState message={FEEDS_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingState text="Loading the vulnerability feed…" />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Block title="Sync schedule">
        <Schedule sync={data.sync} rematch={data.rematch} />
      </Block>
      <Block title="Sources">
        <FeedSourcesTable sources={data.sources ?? []} running={data.sync?.running ?? false} />
      </Block>
      <Block title="Advisories per ecosystem">
        <FeedEcosystemsTable ecosystems={data.ecosystems ?? []} />
      </Block>
      <Block title={DEMO_CATALOGUE_LABEL}>
        <Typography>
          {formatCount(data.demo_catalogue?.records ?? 0)} records. They match the demo seed&apos;s simulated devices and SBOMs
          only; real devices and uploads are checked against real advisories.
        </Typography>
      </Block>
    </Box>
  );
}
