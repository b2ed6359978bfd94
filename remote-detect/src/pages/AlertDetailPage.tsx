import { ErrorState, FieldList, LoadingState, PageBreadcrumbs, useDocumentTitle, type AlertStatus } from '@console/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { updateAlertStatus, useAlert } from '../api/alert';
import { actionErrorMessage, apiErrorMessage, useTenant } from '../api/http-helpers';
import { AlertStatusSelect } from '../components/alert/AlertStatusSelect';
import { AssociatedAlerts } from '../components/alert/AssociatedAlerts';
import { EventTable } from '../components/alert/EventTable';
import { StatusHistory } from '../components/alert/StatusHistory';
import { metadataFields } from '../components/alert/alertFields';
import { alertCrumbs } from '../components/common/crumbs';
import { PriorityChip } from '../components/common/PriorityChip';
import { Section } from '../components/common/Section';

export const ALERT_LOAD_ERROR = 'Error loading alert details.';

/** /alerts/{uid}: status selector, summary, metadata, event table, device and associated links, status history. */
export function AlertDetailPage() {
  const { uid } = useParams();
  const tenant = useTenant();
  const { mutate } = useSWRConfig();
  const { data: alert, error, isLoading, mutate: reload } = useAlert(uid);
  // The choice shows at once while the PATCH and the refetch run.
  const [pending, setPending] = useState<AlertStatus | null>(null);
  // Why the last status change failed, shown beside the selector until the next change.
  const [statusError, setStatusError] = useState<string | null>(null);
  useDocumentTitle([alert?.name, 'Alerts']);

  async function changeStatus(status: AlertStatus) {
    if (!tenant || !uid) return;
    setPending(status);
    setStatusError(null);
    try {
      await updateAlertStatus(mutate, tenant, uid, status);
    } catch (err) {
      // The refetched alert shows the status the server kept; the reason shows beside the selector.
      console.error('Changing the alert status failed', err);
      setStatusError(actionErrorMessage('Changing the status', err));
    } finally {
      setPending(null);
    }
  }

  if (error)
    return (
      <Page title="Alert">
        <ErrorState message={apiErrorMessage(error) ?? ALERT_LOAD_ERROR} onRetry={() => void reload()} />
      </Page>
    );
  if (isLoading || !tenant)
    return (
      <Page title="Alert">
        <LoadingState text="Loading..." />
      </Page>
    );
  if (!alert)
    return (
      <Page title="Alert">
        <ErrorState message={ALERT_LOAD_ERROR} onRetry={() => void reload()} />
      </Page>
    );

  return (
    <Page title={alert.name}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <AlertStatusSelect value={pending ?? alert.status} disabled={pending !== null} onChange={(s) => void changeStatus(s)} />
        <PriorityChip priority={alert.priority} />
        <Typography>
          Device:{' '}
          {alert.device ? (
            <Link component={RouterLink} to={`/devices/${encodeURIComponent(alert.device)}`}>
              {alert.device_hostname || alert.device}
            </Link>
          ) : (
            alert.device_hostname || '—'
          )}
        </Typography>
        {statusError && (
          <Alert severity="error" role="alert" onClose={() => setStatusError(null)} sx={{ py: 0 }}>
            {statusError}
          </Alert>
        )}
      </Box>
      <Section title="Summary">
        <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{alert.summary || '—'}</Typography>
        <Typography variant="subtitle2" component="h3">
          Description
        </Typography>
        <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{alert.description || '—'}</Typography>
        <Typography variant="subtitle2" component="h3">
          Recommendation
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{alert.recommendation || '—'}</Typography>
      </Section>
      <Section title="Metadata">
        <FieldList fields={metadataFields(alert).map(({ label, value }) => ({ label, value }))} />
      </Section>
      <Section title="Event Data">
        <EventTable eventData={alert.event_data} />
      </Section>
      <Section title="Associated Alerts">
        <AssociatedAlerts alerts={alert.associated_alert_ids ?? []} />
      </Section>
      <Section title="Status history">
        <StatusHistory uid={alert.uid} />
      </Section>
    </Page>
  );
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: 3 }}>
      <PageBreadcrumbs crumbs={alertCrumbs(title)} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
