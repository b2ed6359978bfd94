import { TableHeader, type NetworkInterface } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';

export function NetworkInterfacesTable({ interfaces }: { interfaces: NetworkInterface[] }) {
  return (
    <TableContainer sx={{ maxHeight: 300 }}>
      <Table size="small" stickyHeader aria-label="System IP Interfaces">
        <TableHeader columns={['Interface', 'State', 'IP addresses']} />
        <TableBody>
          {interfaces.map((nic) => (
            <TableRow key={nic.name}>
              <TableCell>{nic.name}</TableCell>
              <TableCell>{nic.state}</TableCell>
              {/* Already the comma-separated string of spec §3; shown as sent. */}
              <TableCell>{nic.ip_addresses}</TableCell>
            </TableRow>
          ))}
          {interfaces.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>No network interfaces reported.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
