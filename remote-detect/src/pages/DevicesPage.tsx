import Box from '@mui/material/Box';
import { deviceListCrumbs } from '../components/common/crumbs';
import { TenantPage } from '../components/common/TenantPage';
import { DevicesTable } from '../components/dashboard/DevicesTable';

/** /devices: every device of the tenant, with the filters the dashboard's table has no room for. */
export function DevicesPage() {
  return (
    <TenantPage title="Devices" crumbs={deviceListCrumbs}>
      <Box sx={{ mt: 2 }}>
        <DevicesTable filterSet="all" />
      </Box>
    </TenantPage>
  );
}
