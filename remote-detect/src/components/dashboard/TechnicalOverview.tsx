import Box from '@mui/material/Box';
import { ViewAllLink } from '../lists/ViewAllLink';
import { AlertsTable } from './AlertsTable';
import { DevicesTable } from './DevicesTable';
import type { DashboardTabProps } from './variables';
import { WidgetCard } from './WidgetCard';

/** Technical Overview: every device and every alert, each with "View all" to its list page (more filters). */
export function TechnicalOverview({ onVariablesChange }: DashboardTabProps) {
  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <WidgetCard title="Devices" action={<ViewAllLink to="/devices" prefix="devices" label="View all devices" />}>
        <DevicesTable onVariablesChange={onVariablesChange} />
      </WidgetCard>
      <WidgetCard title="Alerts" action={<ViewAllLink to="/alerts" prefix="alerts" label="View all alerts" />}>
        <AlertsTable onVariablesChange={onVariablesChange} />
      </WidgetCard>
    </Box>
  );
}
