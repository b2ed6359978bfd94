import { ExportCsvButton, TableHeader, type UserAccount } from '@console/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';

const COLUMNS = ['Username', 'UID', 'Group', 'Home directory', 'Shell', 'Privileges'];

export interface UserAccountsTableProps {
  accounts: UserAccount[];
  /** The accounts' CSV export (…/accounts/export.csv); null while the tenant is unknown. */
  exportPath: string | null;
}

export function UserAccountsTable({ accounts, exportPath }: UserAccountsTableProps) {
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <ExportCsvButton what="user accounts" path={exportPath} />
      </Box>
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
    </>
  );
}
