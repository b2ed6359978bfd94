import { useDocumentTitle } from '@console/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  useDocumentTitle(['Page not found']);
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography>
        There is nothing at this address.{' '}
        <Link component={RouterLink} to="/">
          Go to the dashboards
        </Link>
      </Typography>
    </Box>
  );
}
