import { ErrorState, LoadingState } from '@console/shared';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useLatestSummary } from '../../api/latest-summary';
import { useStrategicDashboard } from '../../api/strategic-dashboard';
import { useLogError } from '../../api/http-helpers';
import { riskPie, statusPie, typePie } from './chartData';
import { ExecSummaryCard } from './ExecSummaryCard';
import { KpiCards } from './KpiCards';
import { OpenAlertsTrend } from './OpenAlertsTrend';
import { PieWidget } from './PieWidget';
import { RecentAlertsList } from './RecentAlertsList';
import { RiskiestDevicesList } from './RiskiestDevicesList';
import { TopPackagesTable } from './TopPackagesTable';
import type { DashboardTabProps } from './variables';
import { NoData } from './WidgetCard';

const grid = { display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } };

export const DASHBOARD_ERROR = 'Could not load the dashboard';

/** Strategic Overview: first the latest tenant summary into the variables as exec_summary, then the widgets. */
export function StrategicOverview({ variables, onVariablesChange }: DashboardTabProps) {
  const summary = useLatestSummary();
  const dashboard = useStrategicDashboard();
  // Spec §8 only logs analytics errors; the widgets say so too, never "No data" for a failed call.
  useLogError(summary.error, 'Loading the tenant summary');
  useLogError(dashboard.error, 'Loading the strategic dashboard');

  useEffect(() => {
    if (summary.data) onVariablesChange({ exec_summary: summary.data });
  }, [summary.data, onVariablesChange]);

  const data = dashboard.data;
  return (
    <>
      <ExecSummaryCard
        summary={variables.exec_summary}
        loading={summary.isLoading}
        onRetry={summary.error ? () => void summary.mutate() : null}
      />
      {dashboard.isLoading ? (
        <LoadingState />
      ) : dashboard.error && !data ? (
        <ErrorState message={DASHBOARD_ERROR} onRetry={() => void dashboard.mutate()} />
      ) : !data ? (
        <NoData />
      ) : (
        <>
          <KpiCards data={data} />
          <Box sx={grid}>
            <PieWidget title="Devices by risk" data={riskPie(data.devices_by_risk)} donut />
            <PieWidget title="Devices by type" data={typePie(data.devices_by_type)} />
            <PieWidget title="Alerts by status" data={statusPie(data.alerts_by_status)} donut />
          </Box>
          <Box sx={{ mb: 2 }}>
            <OpenAlertsTrend rows={data.open_alerts_by_priority} />
          </Box>
          <Box sx={grid}>
            <RiskiestDevicesList rows={data.riskiest_devices} onVariablesChange={onVariablesChange} />
            <RecentAlertsList rows={data.recent_alerts} onVariablesChange={onVariablesChange} />
            <TopPackagesTable rows={data.top_vulnerable_packages} />
          </Box>
        </>
      )}
    </>
  );
}
