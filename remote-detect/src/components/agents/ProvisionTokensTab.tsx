import {
  ClientPagination,
  CopyButton,
  DEVICE_TABLE_PAGE_SIZES,
  ErrorState,
  formatDateTime,
  LoadingState,
  TableHeader,
  VisuallyHidden,
  type ProvisionToken,
} from '@console/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  createProvisionToken,
  deleteProvisionToken,
  provisionTokensExportPath,
  updateProvisionToken,
  useProvisionTokens,
} from '../../api/provision-token-list';
import { useClientPaging } from '../../tables/useClientPaging';
import { CredentialToolbar } from '../common/CredentialToolbar';
import { useCredentialDialogs } from '../common/useCredentialDialogs';
import { TokenEditDialog } from './TokenEditDialog';

const COLUMNS = ['Name', 'Token', 'Status', 'Created by', 'Created at', { label: <VisuallyHidden>Actions</VisuallyHidden> }];

/**
 * Provision tokens: create (the new one goes on top), edit by clicking a row, delete after a confirm.
 * A failed action keeps its dialog open with the API's reason in it.
 */
export function ProvisionTokensTab() {
  const { mutate } = useSWRConfig();
  const { data, error, isLoading, mutate: reload } = useProvisionTokens();
  const paging = useClientPaging(data ?? [], 'tokens');
  const {
    tenant,
    busy,
    run,
    error: actionError,
    clearError,
    startCreate,
    startDelete,
    dialogs,
  } = useCredentialDialogs<ProvisionToken>({
    what: 'token',
    createTitle: 'Create Provision Token',
    create: async (tenant, name) => {
      await createProvisionToken(mutate, tenant, name);
      paging.setPage(0);
    },
    remove: (tenant, uid) => deleteProvisionToken(mutate, tenant, uid),
  });
  const [editing, setEditing] = useState<ProvisionToken | null>(null);

  const edit = (token: ProvisionToken) => {
    clearError();
    setEditing(token);
  };

  if (error) return <ErrorState message="Error loading data." onRetry={() => void reload()} />;
  if (isLoading || !data) return <LoadingState />;

  return (
    <>
      <CredentialToolbar kind="provision-token" exportPath={tenant ? provisionTokensExportPath(tenant) : null}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={startCreate}>
          Create Token
        </Button>
      </CredentialToolbar>
      <TableContainer sx={{ maxHeight: 400 }}>
        <Table size="small" stickyHeader aria-label="Provision Tokens">
          <TableHeader columns={COLUMNS} />
          <TableBody>
            {paging.visible.map((token) => (
              <TableRow
                key={token.uid}
                hover
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => edit(token)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) edit(token);
                }}
              >
                <TableCell>{token.name}</TableCell>
                <TableCell onClick={(event) => event.stopPropagation()}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Box component="code" sx={{ fontSize: 12, wordBreak: 'break-all' }}>
                      {token.token}
                    </Box>
                    <CopyButton text={token.token} />
                  </Box>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={token.enabled ? 'Active' : 'Inactive'}
                    color={token.enabled ? 'success' : 'default'}
                  />
                </TableCell>
                <TableCell>{token.created_by}</TableCell>
                <TableCell>{formatDateTime(token.created_at)}</TableCell>
                <TableCell align="right">
                  <Tooltip title="Delete">
                    <IconButton
                      aria-label={`Delete ${token.name}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        startDelete(token);
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {data.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>No provision tokens yet.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ClientPagination count={data.length} pageSizes={DEVICE_TABLE_PAGE_SIZES} {...paging} />

      {editing && (
        <TokenEditDialog
          key={editing.uid}
          token={editing}
          busy={busy}
          error={actionError}
          onClose={() => setEditing(null)}
          onSave={(changes) =>
            void run('Saving the token', async (tenant) => {
              await updateProvisionToken(mutate, tenant, editing.uid, changes);
              setEditing(null);
            })
          }
        />
      )}
      {dialogs}
    </>
  );
}
