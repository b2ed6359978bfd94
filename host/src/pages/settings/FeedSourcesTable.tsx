import { formatDateTime, TableHeader, type FeedSource, type TableHeaderColumn } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCount, formatReleaseDate } from './feedFormat';

const COLUMNS: TableHeaderColumn[] = [
  { label: 'Source' },
  { label: 'Records', align: 'right' },
  { label: 'Data release' },
  { label: 'Last successful sync' },
  { label: 'Last change' },
  { label: 'Last error' },
];

/** KEV catalogVersion / EPSS model version and the date of the data: what a sync fetched, not when. */
function releaseText(source: FeedSource): string {
  const date = formatReleaseDate(source.released_at);
  const parts = [source.version ? `version ${source.version}` : null, date ? `released ${date}` : null].filter(Boolean);
  return parts.length ? parts.join(', ') : '—';
}

/**
 * An update applied in steps (embedded database): in progress while a sync runs, else it stopped
 * midway and the copy mixes the previous and the new data until the next sync completes it.
 */
function ApplyingNote({ source, running }: { source: FeedSource; running: boolean }) {
  if (!source.applying_since) return null;
  return (
    <Typography variant="caption" component="div" sx={{ color: running ? 'info.main' : 'warning.main' }}>
      {running
        ? `Updating since ${formatDateTime(source.applying_since)}`
        : `Partly updated since ${formatDateTime(source.applying_since)}: the next sync completes it`}
    </Typography>
  );
}

export function FeedSourcesTable({ sources, running = false }: { sources: FeedSource[]; running?: boolean }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Feed sources">
        <TableHeader columns={COLUMNS} />
        <TableBody>
          {sources.map((source) => (
            <TableRow key={source.name}>
              <TableCell>
                {source.name}
                {source.ecosystem && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {source.ecosystem}
                  </Typography>
                )}
                <ApplyingNote source={source} running={running} />
              </TableCell>
              <TableCell align="right">{formatCount(source.records)}</TableCell>
              <TableCell>{releaseText(source)}</TableCell>
              <TableCell>{formatDateTime(source.last_success_at)}</TableCell>
              <TableCell>{formatDateTime(source.last_changed_at)}</TableCell>
              <TableCell sx={source.last_error ? { color: 'error.main' } : undefined}>
                {source.last_error ? (
                  <>
                    {source.last_error}
                    {source.last_error_at && (
                      <Typography variant="caption" component="div">
                        {formatDateTime(source.last_error_at)}
                      </Typography>
                    )}
                  </>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
          {sources.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>No feed has been synced or imported yet.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
