import { TableHeader } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { flattenEventData } from './alertFields';

/** The alert's event_data as key | value rows. */
export function EventTable({ eventData }: { eventData: unknown }) {
  const rows = flattenEventData(eventData);
  return (
    <TableContainer sx={{ maxHeight: 400 }}>
      <Table size="small" stickyHeader aria-label="Event Data">
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
