import Typography from '@mui/material/Typography';
import { useAuth } from '../auth/AuthContext';

/** Small and unobtrusive; the browser tests read it to prove the auth context reached the remote. */
export function TenantCaption() {
  const { profile } = useAuth();
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
      Tenant <span data-testid="tenant-uid">{profile?.tenant_uid ?? ''}</span>
    </Typography>
  );
}
