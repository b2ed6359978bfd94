import { formatDateTime, type HoneypotRange } from '@console/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ErrorTableRow, VisuallyHidden } from '@console/shared';
import { useState, type FormEvent } from 'react';
import { SESSION_FILTERS, useHoneypotSessions, type SessionFilters } from '../api/honeypot-session-list';
import { rangeWords } from '../range/range';
import { LandscapeCard } from './LandscapeCard';
import { IpLinks } from './LookupLinks';
import { SessionTimelineDialog } from './SessionTimelineDialog';

const LABELS: Record<(typeof SESSION_FILTERS)[number], string> = {
  ip: 'Source IP',
  asn: 'ASN',
  country: 'Country',
  command: 'Command',
  hash: 'File SHA-256',
};

const COLUMNS = 6;

/**
 * The attacks of the range, newest first, narrowed by address, network, country, a command run or
 * a file fetched (exact values, as the top lists show them); each opens its timeline.
 */
export function SessionsCard({ range }: { range: HoneypotRange | undefined }) {
  const [draft, setDraft] = useState<SessionFilters>({});
  const [filters, setFilters] = useState<SessionFilters>({});
  // The cursors of the pages before this one: Older pushes, Newer pops.
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1];
  const { data, error, isLoading, mutate } = useHoneypotSessions(range, filters, cursor);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      Object.entries(draft).flatMap(([name, value]) => (value?.trim() ? [[name, value.trim()]] : [])),
    ) as SessionFilters;
    setFilters(trimmed);
    setCursors([]);
  };
  const clear = () => {
    setDraft({});
    setFilters({});
    setCursors([]);
  };

  return (
    <LandscapeCard title={`Sessions (${rangeWords(range)})`}>
      <Box
        component="form"
        onSubmit={apply}
        role="search"
        aria-label="Filter sessions"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        {SESSION_FILTERS.map((name) => (
          <TextField
            key={name}
            size="small"
            label={LABELS[name]}
            value={draft[name] ?? ''}
            onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
            sx={{ minWidth: name === 'command' || name === 'hash' ? 260 : 160 }}
          />
        ))}
        <Button type="submit" variant="contained">
          Filter
        </Button>
        <Button type="button" onClick={clear}>
          Clear
        </Button>
      </Box>
      {/* A narrow window scrolls the sessions sideways here, not the whole page (its Timeline buttons are keyboard stops). */}
      <TableContainer>
        <Table size="small" aria-label="Sessions">
          <TableHead>
            <TableRow>
              <TableCell>Started</TableCell>
              <TableCell>Source IP</TableCell>
              <TableCell>ASN</TableCell>
              <TableCell>Country</TableCell>
              <TableCell>Sensor</TableCell>
              <TableCell>
                <VisuallyHidden>Timeline</VisuallyHidden>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {error ? (
              <ErrorTableRow colSpan={COLUMNS} message="Could not load the sessions." onRetry={() => void mutate()} />
            ) : isLoading || !data ? (
              <TableRow>
                <TableCell colSpan={COLUMNS} role="status">
                  Loading sessions…
                </TableCell>
              </TableRow>
            ) : data.results.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <Typography color="text.secondary">No sessions match.</Typography>
                </TableCell>
              </TableRow>
            ) : (
              data.results.map((session) => (
                <TableRow key={session.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.started_at)}</TableCell>
                  <TableCell>
                    <Box component="code" sx={{ fontFamily: 'monospace', mr: 1 }}>
                      {session.src_ip}
                    </Box>
                    <IpLinks ip={session.src_ip} />
                  </TableCell>
                  <TableCell>{session.asn}</TableCell>
                  <TableCell>{session.country}</TableCell>
                  <TableCell>{session.sensor}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setOpen(session.id)} aria-label={`Timeline of session ${session.id}`}>
                      Timeline
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <Button size="small" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer
        </Button>
        <Button
          size="small"
          disabled={!data?.next_cursor}
          onClick={() => data?.next_cursor && setCursors([...cursors, data.next_cursor])}
        >
          Older
        </Button>
      </Box>
      <SessionTimelineDialog id={open} onClose={() => setOpen(null)} />
    </LandscapeCard>
  );
}
