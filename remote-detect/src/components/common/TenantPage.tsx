import { PageBreadcrumbs, TenantCaption, useDocumentTitle, type Crumb } from '@console/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface TenantPageProps {
  /** The page's heading and document title. */
  title: string;
  crumbs?: Crumb[];
  children: ReactNode;
}

/** A page of the tenant's data: crumbs, heading, whose data it is, then the page. */
export function TenantPage({ title, crumbs, children }: TenantPageProps) {
  useDocumentTitle([title]);
  return (
    <Box sx={{ p: 3 }}>
      {crumbs && <PageBreadcrumbs crumbs={crumbs} />}
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <TenantCaption />
      {children}
    </Box>
  );
}
