import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled dashboard tile. */
export function WidgetCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 'bold', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function NoData() {
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      No data
    </Typography>
  );
}
