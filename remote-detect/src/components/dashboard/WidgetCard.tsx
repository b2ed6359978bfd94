import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled dashboard tile; `action` sits at the right of the title (a "View all" link). */
export function WidgetCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 'bold' }}>
          {title}
        </Typography>
        {action}
      </Box>
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
