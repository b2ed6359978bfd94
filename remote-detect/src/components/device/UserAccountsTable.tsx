import { TableHeader, type UserAccount } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';

const COLUMNS = ['Username', 'UID', 'Group', 'Home directory', 'Shell', 'Privileges'];

export function UserAccountsTable({ accounts }: { accounts: UserAccount[] }) {
  return (
    <TableContainer sx={{ maxHeight: 400 }}>
      <Table size="small" stickyHeader aria-label="System User Accounts">
        <TableHeader columns={COLUMNS} />
        <TableBody>
          {accounts.map((account) => (
            <TableRow key={`${account.username}-${account.uid}`}>
              <TableCell>{account.username}</TableCell>
              <TableCell>{account.uid}</TableCell>
              <TableCell>{account.group_name}</TableCell>
              <TableCell>{account.home_directory}</TableCell>
              <TableCell>{account.shell}</TableCell>
              <TableCell>{account.privileges}</TableCell>
            </TableRow>
          ))}
          {accounts.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>No user accounts reported.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
