import { TableHeader } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { flattenEventData } from './alertFields';

/**
 * The alert's event_data as key | value rows, every row on the page: a fixed-height box hid the
 * fields analysts read most (process.command_line) below its fold. A narrow window scrolls the
 * table sideways inside its own box, which the keyboard can reach.
 */
export function EventTable({ eventData }: { eventData: unknown }) {
  const rows = flattenEventData(eventData);
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Event Data, scrollable">
      <Table size="small" aria-label="Event Data">
        <TableHeader columns={['Key', 'Value']} />
        <TableBody>
          {rows.map(([key, value]) => (
            <TableRow key={key}>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{key}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{value}</TableCell>
            </TableRow>
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={2}>No event data.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
