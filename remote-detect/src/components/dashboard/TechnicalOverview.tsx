import Box from '@mui/material/Box';
import { AlertsTable } from './AlertsTable';
import { DevicesTable } from './DevicesTable';
import type { DashboardTabProps } from './variables';

/** Technical Overview: the only lists of ALL devices and ALL alerts in the product. */
export function TechnicalOverview({ onVariablesChange }: DashboardTabProps) {
  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <DevicesTable onVariablesChange={onVariablesChange} />
      <AlertsTable onVariablesChange={onVariablesChange} />
    </Box>
  );
}
