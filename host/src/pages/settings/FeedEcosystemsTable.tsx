import { TableHeader, type FeedEcosystem } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { formatCount } from './feedFormat';

/** Advisories per matching key ("Debian:12", "npm"): an ecosystem with 0 real ones leaves its findings incomplete. */
export function FeedEcosystemsTable({ ecosystems }: { ecosystems: FeedEcosystem[] }) {
  return (
    <TableContainer sx={{ maxHeight: 400 }}>
      <Table size="small" stickyHeader aria-label="Advisories per ecosystem">
        <TableHeader
          columns={['Ecosystem', { label: 'Advisories', align: 'right' }, { label: 'Demo catalogue', align: 'right' }]}
        />
        <TableBody>
          {ecosystems.map((row) => (
            <TableRow key={row.ecosystem}>
              <TableCell>{row.ecosystem}</TableCell>
              <TableCell align="right" sx={row.advisories === 0 ? { color: 'warning.dark', fontWeight: 'bold' } : undefined}>
                {formatCount(row.advisories)}
              </TableCell>
              <TableCell align="right">{formatCount(row.demo_advisories)}</TableCell>
            </TableRow>
          ))}
          {ecosystems.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>No advisories loaded.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
