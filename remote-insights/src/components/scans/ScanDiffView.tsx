import { ErrorState, LoadingState, TableHeader } from '@console/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useReportScanDiff } from '../../api/report-scan-diff';
import { NOT_AVAILABLE } from '../common/format';
import { SeverityChip } from '../common/SeverityChip';

export const LOADING_DIFF = 'Comparing scans…';
export const DIFF_ERROR = 'Error comparing the scans.';
export const SAME_SCAN = 'The same scan on both sides: choose two different scans.';

const n = (count: number) => count.toLocaleString('en-US');

/** One list of the diff: a heading with its count, then a small table (or "None"). */
function DiffTable({ title, columns, rows }: { title: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 'bold' }}>
        {title} ({n(rows.length)})
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">None</Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 400 }}>
          <Table size="small" stickyHeader aria-label={title}>
            <TableHeader columns={columns} />
            <TableBody>
              {rows.map((cells, index) => (
                // A diff's rows are fixed for its two scans: the position is a stable key.
                <TableRow key={index}>
                  {cells.map((cell, column) => (
                    <TableCell key={column} sx={{ wordBreak: 'break-word' }}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

const orNa = (text: string | null) => text ?? NOT_AVAILABLE;

/** What changed from one scan to the other: counts, then a table per kind of change. */
export function ScanDiffView({ uid, from, to }: { uid: string; from: string; to: string }) {
  const same = from === to;
  const { data, error, isLoading, mutate } = useReportScanDiff(uid, same ? null : from, same ? null : to);
  if (same) return <Typography>{SAME_SCAN}</Typography>;
  if (error && !data) return <ErrorState message={DIFF_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingState text={LOADING_DIFF} />;
  const { components: c, vulnerabilities: v } = data;
  const vulnerability = (item: { id: string; severity: string }) => [item.id, <SeverityChip key="s" severity={item.severity} />];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography role="status">
        Components: {n(c.added.length)} added, {n(c.removed.length)} removed, {n(c.upgraded.length)} upgraded. Vulnerabilities:{' '}
        {n(v.new.length)} new, {n(v.fixed.length)} fixed, {n(v.still_open.length)} still open.
      </Typography>
      <DiffTable
        title="Components added"
        columns={['Name', 'Version', 'Package URL']}
        rows={c.added.map((item) => [item.name, orNa(item.version), orNa(item.purl)])}
      />
      <DiffTable
        title="Components removed"
        columns={['Name', 'Version', 'Package URL']}
        rows={c.removed.map((item) => [item.name, orNa(item.version), orNa(item.purl)])}
      />
      <DiffTable
        title="Components upgraded"
        columns={['Name', 'From version', 'To version', 'Package URL']}
        rows={c.upgraded.map((item) => [item.name, orNa(item.from_version), orNa(item.to_version), orNa(item.purl)])}
      />
      <DiffTable title="New vulnerabilities" columns={['ID', 'Severity']} rows={v.new.map(vulnerability)} />
      <DiffTable title="Fixed vulnerabilities" columns={['ID', 'Severity']} rows={v.fixed.map(vulnerability)} />
      <DiffTable title="Still open vulnerabilities" columns={['ID', 'Severity']} rows={v.still_open.map(vulnerability)} />
    </Box>
  );
}
