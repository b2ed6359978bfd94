import { ErrorState, formatDateTime, LoadingState, TableHeader, useApi } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { fetchRemotesJson } from '../../remotes/remotesJson';
import { aboutRows, type AboutRow } from './aboutRows';

export const ABOUT_ERROR = 'Could not read the versions of the console.';
const COLUMNS = ['App', 'Version', 'Built', 'Status'];

/** /remotes.json and the contract check (loaded lazily, like for a remote page). */
async function loadRows(): Promise<AboutRow[]> {
  const [doc, { refusal }] = await Promise.all([fetchRemotesJson(), import('../../remotes/contract')]);
  return aboutRows(doc, refusal);
}

/** Settings › About: the version and build time of the host and of every remote, and whether it runs here. */
export function AboutTab() {
  const { data, error, isLoading, mutate } = useApi<AboutRow[]>('/remotes.json (about)', { fetcher: loadRows });
  if (error && !data) return <ErrorState message={ABOUT_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingState text="Loading the versions…" />;
  return (
    <TableContainer>
      <Table size="small" aria-label="Versions">
        <TableHeader columns={COLUMNS} />
        <TableBody>
          {data.map((row) => (
            <TableRow key={row.app}>
              <TableCell>{row.app}</TableCell>
              <TableCell>{row.version ?? '—'}</TableCell>
              <TableCell>{formatDateTime(row.buildTime)}</TableCell>
              <TableCell sx={row.refused ? { color: 'error.main' } : undefined}>{row.status}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
