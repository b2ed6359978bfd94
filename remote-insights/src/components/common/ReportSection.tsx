import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ReportSectionProps {
  title: string;
  /** Fill the grid cell, so cards side by side are the same height. */
  fill?: boolean;
  children: ReactNode;
}

/** A titled card of a report tab (h2 under the report's h1: the tabs have no heading of their own), named for assistive technology. */
export function ReportSection({ title, fill = false, children }: ReportSectionProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: fill ? '100%' : undefined }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 'bold', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
