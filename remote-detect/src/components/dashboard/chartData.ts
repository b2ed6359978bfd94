import type { StrategicDashboard } from '@console/shared';

export const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'] as const;
export const PRIORITY_COLORS = ['#7f0000', '#d32f2f', '#ffbf00', '#9e9e9e'];
const RISK_COLORS: Record<string, string> = { High: '#d32f2f', Medium: '#ffbf00', Low: '#2e7d32' };
const RISK_ORDER = ['High', 'Medium', 'Low'];

export interface PieData {
  labels: string[];
  series: number[];
  colors?: string[];
}

/** Devices by risk, High → Low, in the risk colours. */
export function riskPie(rows: StrategicDashboard['devices_by_risk']): PieData {
  const sorted = [...rows].sort((a, b) => rank(a.risk_score) - rank(b.risk_score));
  return {
    labels: sorted.map((row) => row.risk_score ?? 'Unknown'),
    series: sorted.map((row) => row.count),
    colors: sorted.map((row) => RISK_COLORS[row.risk_score] ?? '#9e9e9e'),
  };
}

function rank(risk: string): number {
  const index = RISK_ORDER.indexOf(risk);
  return index === -1 ? RISK_ORDER.length : index;
}

export function typePie(rows: StrategicDashboard['devices_by_type']): PieData {
  return {
    labels: rows.map((row) => (row.device_type === 'rtos' ? 'RTOS' : row.device_type === 'linux' ? 'Linux' : row.device_type)),
    series: rows.map((row) => row.count),
  };
}

export function statusPie(rows: StrategicDashboard['alerts_by_status']): PieData {
  return {
    labels: rows.map((row) => row.status),
    series: rows.map((row) => row.count),
    colors: rows.map((row) => (row.status === 'OPEN' ? '#d32f2f' : '#2e7d32')),
  };
}

/**
 * Open alerts per day and priority as one series per priority over every day in the data,
 * missing days counted as 0 (so stacked bars line up).
 */
export function priorityTimeline(rows: StrategicDashboard['open_alerts_by_priority']) {
  const days = [...new Set(rows.map((row) => row.date))].sort();
  const counts = new Map(rows.map((row) => [`${row.date}|${row.priority}`, row.count]));
  return {
    categories: days,
    series: PRIORITIES.map((priority) => ({
      name: priority,
      data: days.map((day) => counts.get(`${day}|${priority}`) ?? 0),
    })),
  };
}
