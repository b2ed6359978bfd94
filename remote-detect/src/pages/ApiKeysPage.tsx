import { ErrorState, LoadingState, TenantCaption, useDocumentTitle, type ApiKey, type CreatedApiKey } from '@console/shared';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { apiKeysExportPath, createApiKey, deleteApiKey, updateApiKey, useApiKeys } from '../api/api-key-list';
import { ApiKeysTable } from '../components/api-keys/ApiKeysTable';
import { NewKeyDialog } from '../components/api-keys/NewKeyDialog';
import { CredentialToolbar } from '../components/common/CredentialToolbar';
import { useCredentialDialogs } from '../components/common/useCredentialDialogs';

/** /api-keys: the list, Create API Key, the new key shown once, enable/disable and delete; their history and a CSV export. */
export function ApiKeysPage() {
  const { mutate } = useSWRConfig();
  const { data, error, isLoading, mutate: reload } = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const {
    tenant,
    run,
    error: actionError,
    clearError,
    creating,
    deleting,
    startCreate,
    startDelete,
    dialogs,
  } = useCredentialDialogs<ApiKey>({
    what: 'API key',
    createTitle: 'Create API Key',
    create: async (tenant, name) => setCreated(await createApiKey(mutate, tenant, name)),
    remove: (tenant, uid) => deleteApiKey(mutate, tenant, uid),
  });
  useDocumentTitle(['API Keys']);

  return (
    <Box sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <Typography variant="h4" component="h1">
          API Keys
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={startCreate} disabled={!tenant}>
          Create API Key
        </Button>
      </Box>
      <TenantCaption />
      <CredentialToolbar kind="api-key" exportPath={tenant ? apiKeysExportPath(tenant) : null} />
      {/* A failed enable/disable: the dialogs show their own failures. */}
      {actionError && !creating && !deleting && (
        <Alert severity="error" role="alert" onClose={clearError} sx={{ mb: 2 }}>
          {actionError}
        </Alert>
      )}
      {error ? (
        <ErrorState message="Error loading data." onRetry={() => void reload()} />
      ) : isLoading || !data ? (
        <LoadingState />
      ) : (
        <ApiKeysTable
          keys={data}
          onToggle={(key, enabled) =>
            void run('Saving the API key', (tenant) => updateApiKey(mutate, tenant, key.uid, { revoked: !enabled }))
          }
          onDelete={startDelete}
        />
      )}

      {dialogs}
      {/* Closing drops the key from memory: it is shown once. */}
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </Box>
  );
}
