import type { AlertFilterParams } from '../../api/alert-list';
import type { DeviceFilterParams } from '../../api/device-list';

/** A value a filter offers, and what its menu says. */
export interface FilterOption {
  value: string;
  label: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MINUTE_MS = 60 * 1000;

/**
 * `ms` before now, to the minute: opening the same list again within the minute asks the same
 * URL, so Back from an alert is answered from the cache instead of a new request.
 */
export function instantBefore(ms: number, now: number = Date.now()): string {
  return new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS - ms).toISOString();
}

const option = (value: string, label = value): FilterOption => ({ value, label });
const values = (options: readonly FilterOption[]) => options.map((o) => o.value);

// Alerts (contracts: alertFilters).

export const STATUS_OPTIONS = [option('OPEN'), option('CLOSED')];
export const PRIORITY_OPTIONS = [option('Critical'), option('High'), option('Medium'), option('Low')];

/** "Created": how far back the list goes, by the alert's creation time in Elastic. */
const CREATED_SPANS: Record<string, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, '90d': 90 * DAY_MS };
export const CREATED_OPTIONS = [
  option('24h', 'Last 24 hours'),
  option('7d', 'Last 7 days'),
  option('30d', 'Last 30 days'),
  option('90d', 'Last 90 days'),
];

/** The dashboard's alert table: search and status only (its card stays small). */
export const BASIC_ALERT_CHOICES = { status: values(STATUS_OPTIONS) };
/** The list pages' alert filters that pick one of a few values (device and rule are free text). */
export const ALERT_CHOICES = { ...BASIC_ALERT_CHOICES, priority: values(PRIORITY_OPTIONS), created: values(CREATED_OPTIONS) };

export type AlertChoice = keyof typeof ALERT_CHOICES;

/** What the URL's alert filters ask of the API; '' filters are left out. */
export function alertFilterParams(
  choices: Partial<Record<AlertChoice, string>>,
  texts: { device?: string; rule?: string },
  now?: number,
): AlertFilterParams {
  const span = choices.created ? CREATED_SPANS[choices.created] : undefined;
  return {
    status: (choices.status ?? '') as AlertFilterParams['status'],
    priority: choices.priority || undefined,
    device: texts.device || undefined,
    rule: texts.rule || undefined,
    created_after: span === undefined ? undefined : instantBefore(span, now),
  };
}

// Devices (contracts: deviceFilters).

export const DEVICE_TYPE_OPTIONS = [option('linux', 'Linux'), option('rtos', 'RTOS')];
export const RISK_OPTIONS = [option('High'), option('Medium'), option('Low')];
export const YES_NO_OPTIONS = [option('true', 'Yes'), option('false', 'No')];

/** "Last seen": a recent report, or none for a while (a device that never reported is in neither). */
const SEEN_RANGES: Record<string, { after?: number; before?: number }> = {
  within_24h: { after: DAY_MS },
  within_7d: { after: 7 * DAY_MS },
  within_30d: { after: 30 * DAY_MS },
  over_7d: { before: 7 * DAY_MS },
  over_30d: { before: 30 * DAY_MS },
};
export const SEEN_OPTIONS = [
  option('within_24h', 'In the last 24 hours'),
  option('within_7d', 'In the last 7 days'),
  option('within_30d', 'In the last 30 days'),
  option('over_7d', 'More than 7 days ago'),
  option('over_30d', 'More than 30 days ago'),
];

/** The list pages' device filters that pick one of a few values (platform is free text). */
export const DEVICE_CHOICES = {
  device_type: values(DEVICE_TYPE_OPTIONS),
  risk: values(RISK_OPTIONS),
  has_kev: values(YES_NO_OPTIONS),
  has_high_risk: values(YES_NO_OPTIONS),
  seen: values(SEEN_OPTIONS),
};

export type DeviceChoice = keyof typeof DEVICE_CHOICES;

/** What the URL's device filters ask of the API; '' filters are left out. */
export function deviceFilterParams(
  choices: Partial<Record<DeviceChoice, string>>,
  texts: { platform?: string },
  now?: number,
): DeviceFilterParams {
  const seen = choices.seen ? SEEN_RANGES[choices.seen] : undefined;
  return {
    device_type: choices.device_type || undefined,
    platform: texts.platform || undefined,
    risk: choices.risk || undefined,
    has_kev: (choices.has_kev || undefined) as DeviceFilterParams['has_kev'],
    has_high_risk: (choices.has_high_risk || undefined) as DeviceFilterParams['has_high_risk'],
    last_connected_after: seen?.after === undefined ? undefined : instantBefore(seen.after, now),
    last_connected_before: seen?.before === undefined ? undefined : instantBefore(seen.before, now),
  };
}

/** True when any filter narrows the list: the empty text then says the filters found nothing. */
export const anyFilter = (params: object) => Object.values(params).some((value) => value !== undefined && value !== '');
