import {
  ClientPagination,
  DEVICE_TABLE_PAGE_SIZES,
  formatDateTime,
  TableHeader,
  VisuallyHidden,
  type ApiKey,
} from '@console/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useClientPaging } from '../../tables/useClientPaging';

export interface ApiKeysTableProps {
  keys: ApiKey[];
  onToggle(key: ApiKey, enabled: boolean): void;
  onDelete(key: ApiKey): void;
}

export function ApiKeysTable({ keys, onToggle, onDelete }: ApiKeysTableProps) {
  const paging = useClientPaging(keys, 'keys');
  return (
    <>
      <TableContainer sx={{ maxHeight: 400 }}>
        <Table size="small" stickyHeader aria-label="API Keys">
          <TableHeader columns={['Name', 'Prefix', 'Created', 'Enabled', { label: <VisuallyHidden>Actions</VisuallyHidden> }]} />
          <TableBody>
            {paging.visible.map((key) => (
              <TableRow key={key.uid}>
                <TableCell>{key.name}</TableCell>
                <TableCell>
                  <code>{key.prefix}</code>
                </TableCell>
                <TableCell>{formatDateTime(key.created)}</TableCell>
                <TableCell>
                  {/* Spec §4: enabled is the inverse of revoked. */}
                  <Switch
                    checked={!key.revoked}
                    onChange={(event) => onToggle(key, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `Enable ${key.name}` } }}
                  />
                </TableCell>
                <TableCell align="right">
                  <Tooltip title="Delete">
                    <IconButton aria-label={`Delete ${key.name}`} onClick={() => onDelete(key)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {keys.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>No API keys yet.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ClientPagination count={keys.length} pageSizes={DEVICE_TABLE_PAGE_SIZES} {...paging} />
    </>
  );
}
