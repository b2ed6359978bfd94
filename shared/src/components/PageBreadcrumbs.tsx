import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  /** An in-app path (with its query); the last crumb, the current page, has none. */
  to?: string;
}

export interface PageBreadcrumbsProps {
  crumbs: readonly Crumb[];
}

/**
 * Where a detail page sits (Dashboards › Devices › api-ams-16): each crumb but the last links
 * back, the last is the page itself. Labels are text (a hostname or an alert name from a sensor).
 */
export function PageBreadcrumbs({ crumbs }: PageBreadcrumbsProps) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
      {crumbs.map((crumb, index) =>
        crumb.to !== undefined && index < crumbs.length - 1 ? (
          <Link key={`${index}-${crumb.label}`} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ) : (
          <Typography
            key={`${index}-${crumb.label}`}
            color="text.primary"
            aria-current={index === crumbs.length - 1 ? 'page' : undefined}
            sx={{ wordBreak: 'break-word' }}
          >
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
