import { ErrorState, LoadingState, PageBreadcrumbs, useDocumentTitle } from '@console/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { deviceAccountsExportPath, useDevice } from '../api/device';
import { useTenant } from '../api/http-helpers';
import { ALERT_LIST, deviceCrumbs } from '../components/common/crumbs';
import { Section } from '../components/common/Section';
import { AlertsTable } from '../components/dashboard/AlertsTable';
import { DeviceOverview } from '../components/device/DeviceOverview';
import { FindingsCoverage, findingsIncomplete } from '../components/device/FindingsCoverage';
import { NetworkInterfacesTable } from '../components/device/NetworkInterfacesTable';
import { PackageCountCard } from '../components/device/PackageCountCard';
import { PackagesTable } from '../components/device/PackagesTable';
import { ThreadsTable } from '../components/device/ThreadsTable';
import { UserAccountsTable } from '../components/device/UserAccountsTable';

/** /devices/{uid}: the five sections of spec §2, then the device's alerts. */
export function DeviceDetailPage() {
  const { uid } = useParams();
  const tenant = useTenant();
  const { data: device, error, isLoading, mutate } = useDevice(uid);
  useDocumentTitle([device?.hostname, 'Devices']);

  return (
    <Box sx={{ p: 3 }}>
      <PageBreadcrumbs crumbs={deviceCrumbs(device?.hostname ?? 'Device')} />
      <Typography variant="h4" component="h1" gutterBottom>
        Device Details
      </Typography>
      {error ? (
        <ErrorState message="Error loading device details." onRetry={() => void mutate()} />
      ) : isLoading || !device || !uid ? (
        <LoadingState text="Loading..." />
      ) : (
        <>
          <Section title={device.hostname}>
            <DeviceOverview device={device} />
          </Section>
          <Section title="System User Accounts">
            <UserAccountsTable
              accounts={device.user_accounts ?? []}
              exportPath={tenant ? deviceAccountsExportPath(tenant, uid) : null}
            />
          </Section>
          <Section title="System IP Interfaces">
            <NetworkInterfacesTable interfaces={device.network_interfaces ?? []} />
          </Section>
          <Section title="System Packages">
            <FindingsCoverage device={device} />
            <PackageCountCard uid={uid} incomplete={findingsIncomplete(device)} />
            <PackagesTable uid={uid} />
          </Section>
          {device.device_type === 'rtos' && (
            <Section title="RTOS Threads">
              <ThreadsTable uid={uid} />
            </Section>
          )}
          <Section title="Alerts">
            <Link component={RouterLink} to={`${ALERT_LIST}?alerts_device=${encodeURIComponent(uid)}`}>
              Open in the alert list
            </Link>
            <AlertsTable filterSet="all" device={uid} triage />
          </Section>
        </>
      )}
    </Box>
  );
}
