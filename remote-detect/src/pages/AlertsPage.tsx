import { PageBreadcrumbs, TenantCaption, useDocumentTitle } from '@console/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alertListCrumbs } from '../components/common/crumbs';
import { AlertsTable } from '../components/dashboard/AlertsTable';

/** /alerts: every alert of the tenant, with the filters the dashboard's table has no room for. */
export function AlertsPage() {
  useDocumentTitle(['Alerts']);
  return (
    <Box sx={{ p: 3 }}>
      <PageBreadcrumbs crumbs={alertListCrumbs} />
      <Typography variant="h4" component="h1">
        Alerts
      </Typography>
      <TenantCaption />
      <Box sx={{ mt: 2 }}>
        <AlertsTable filterSet="all" triage />
      </Box>
    </Box>
  );
}
