import { formatDateTime, isIsoDateTime, type Alert } from '@console/shared';

/**
 * Fields the page shows in their own places (title, selector, summary, device link, event and
 * associated tables) or that are internal ids (model, elastic_* ids): left out of the generic list.
 */
const HIDDEN_FIELDS = new Set([
  'uid',
  'name',
  'status',
  'summary',
  'description',
  'recommendation',
  'event_data',
  'associated_alert_ids',
  'device',
  'device_hostname',
  'model',
]);

/** The one elastic_* field people read: when the alert was raised. */
const SHOWN_ELASTIC_FIELDS = new Set(['elastic_alert_created_at']);

const LABELS: Record<string, string> = {
  priority: 'Priority',
  indicator: 'Indicator',
  mitre_ids: 'MITRE ATT&CK IDs',
  elastic_alert_created_at: 'Alert created',
  created_at: 'Received',
  updated_at: 'Updated',
};

export function isHiddenField(field: string): boolean {
  if (HIDDEN_FIELDS.has(field)) return true;
  return field.startsWith('elastic_') && !SHOWN_ELASTIC_FIELDS.has(field);
}

function labelOf(field: string): string {
  if (LABELS[field]) return LABELS[field];
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((item) => formatValue('', item)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && field.endsWith('_at')) return formatDateTime(value);
  // Event data carries its times (@timestamp, event.created, …) as ISO text under any key.
  if (typeof value === 'string' && isIsoDateTime(value)) return formatDateTime(value);
  return String(value);
}

/** The generic metadata list: every field of the alert but the hidden ones, in the API's order. */
export function metadataFields(alert: Alert): Array<{ field: string; label: string; value: string }> {
  return Object.entries(alert)
    .filter(([field]) => !isHiddenField(field))
    .map(([field, value]) => ({ field, label: labelOf(field), value: formatValue(field, value) }));
}

/** event_data as rows of dotted keys; lists of plain values stay on one row. */
export function flattenEventData(data: unknown, prefix = ''): Array<[string, string]> {
  if (data === null || typeof data !== 'object') return prefix ? [[prefix, formatValue('', data)]] : [];
  const isPlainList = Array.isArray(data) && data.every((item) => item === null || typeof item !== 'object');
  if (isPlainList) return prefix ? [[prefix, formatValue('', data)]] : [];
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length === 0) return prefix ? [[prefix, '—']] : [];
  return entries.flatMap(([key, value]) => flattenEventData(value, prefix ? `${prefix}.${key}` : key));
}
