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
import { useTenantAction } from '../../api/http-helpers';
import { CredentialToolbar } from '../common/CredentialToolbar';
import { DeleteCredentialDialog } from '../common/DeleteCredentialDialog';
import { NameDialog } from '../common/NameDialog';
import { TokenEditDialog } from './TokenEditDialog';

const COLUMNS = ['Name', 'Token', 'Status', 'Created by', 'Created at', { label: <VisuallyHidden>Actions</VisuallyHidden> }];

/**
 * Provision tokens: create (the new one goes on top), edit by clicking a row, delete after a confirm.
 * A failed action keeps its dialog open with the API's reason in it.
 */
export function ProvisionTokensTab() {
  const { tenant, busy, run, error: actionError, clearError } = useTenantAction();
  const { mutate } = useSWRConfig();
  const { data, error, isLoading, mutate: reload } = useProvisionTokens();
  const paging = useClientPaging(data ?? [], 'tokens');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ProvisionToken | null>(null);
  const [deleting, setDeleting] = useState<ProvisionToken | null>(null);

  const edit = (token: ProvisionToken) => {
    clearError();
    setEditing(token);
  };

  if (error) return <ErrorState message="Error loading data." onRetry={() => void reload()} />;
  if (isLoading || !data) return <LoadingState />;

  return (
    <>
      <CredentialToolbar kind="provision-token" exportPath={tenant ? provisionTokensExportPath(tenant) : null}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            clearError();
            setCreating(true);
          }}
        >
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
                        clearError();
                        setDeleting(token);
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

      <NameDialog
        open={creating}
        title="Create Provision Token"
        submitLabel="Create"
        busy={busy}
        error={actionError}
        onClose={() => setCreating(false)}
        onSubmit={(name) =>
          void run('Creating the token', async (tenant) => {
            await createProvisionToken(mutate, tenant, name);
            setCreating(false);
            paging.setPage(0);
          })
        }
      />
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
      <DeleteCredentialDialog
        what="token"
        open={deleting !== null}
        busy={busy}
        error={actionError}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          void run('Deleting the token', async (tenant) => {
            await deleteProvisionToken(mutate, tenant, deleting!.uid);
          }).then((done) => done && setDeleting(null))
        }
      />
    </>
  );
}
