import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SectionProps {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}

/** A titled block of a detail page (h2 under the page's h1). */
export function Section({ title, action, children }: SectionProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 3 }}>
      <Typography
        variant="h6"
        component="h2"
        sx={{ mb: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
      >
        <span>{title}</span>
        {action}
      </Typography>
      {children}
    </Paper>
  );
}
