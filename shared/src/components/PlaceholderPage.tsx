import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

export interface PlaceholderPageProps {
  title: string;
  description?: string;
  tabs?: string[];
  /** Shown small, so browser tests can prove the auth context reached the remote. */
  tenantUid?: string;
  children?: ReactNode;
}

export function PlaceholderPage({ title, description, tabs, tenantUid, children }: PlaceholderPageProps) {
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {tabs && tabs.length > 0 && (
        <Tabs value={tab} onChange={(_, next: number) => setTab(next)} sx={{ mb: 2 }}>
          {tabs.map((label) => (
            <Tab key={label} label={label} />
          ))}
        </Tabs>
      )}
      {description && <Typography color="text.secondary">{description}</Typography>}
      {children}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 4 }}>
        Tenant: <span data-testid="tenant-uid">{tenantUid ?? ''}</span>
      </Typography>
    </Box>
  );
}
