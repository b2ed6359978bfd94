import Box from '@mui/material/Box';
import { alertListCrumbs } from '../components/common/crumbs';
import { TenantPage } from '../components/common/TenantPage';
import { AlertsTable } from '../components/dashboard/AlertsTable';

/** /alerts: every alert of the tenant, with the filters the dashboard's table has no room for. */
export function AlertsPage() {
  return (
    <TenantPage title="Alerts" crumbs={alertListCrumbs}>
      <Box sx={{ mt: 2 }}>
        <AlertsTable filterSet="all" triage />
      </Box>
    </TenantPage>
  );
}
