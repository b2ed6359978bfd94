import { PageBreadcrumbs, TenantCaption, useDocumentTitle } from '@console/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { deviceListCrumbs } from '../components/common/crumbs';
import { DevicesTable } from '../components/dashboard/DevicesTable';

/** /devices: every device of the tenant, with the filters the dashboard's table has no room for. */
export function DevicesPage() {
  useDocumentTitle(['Devices']);
  return (
    <Box sx={{ p: 3 }}>
      <PageBreadcrumbs crumbs={deviceListCrumbs} />
      <Typography variant="h4" component="h1">
        Devices
      </Typography>
      <TenantCaption />
      <Box sx={{ mt: 2 }}>
        <DevicesTable filterSet="all" />
      </Box>
    </Box>
  );
}
