import { formatDateTime, type Alert } from '@console/shared';
import { flattenEventData, isHiddenField, metadataFields } from './alertFields';

describe('alert fields', () => {
  it('hides the fields shown elsewhere and the internal ids', () => {
    for (const field of [
      'uid',
      'name',
      'status',
      'summary',
      'description',
      'recommendation',
      'event_data',
      'associated_alert_ids',
      'device',
      'model',
      'elastic_rule_id',
      'elastic_alert_id',
      'elastic_index',
      'elastic_rule_name',
    ]) {
      expect(isHiddenField(field)).toBe(true);
    }
    for (const field of ['mitre_ids', 'priority', 'indicator', 'elastic_alert_created_at', 'created_at']) {
      expect(isHiddenField(field)).toBe(false);
    }
  });

  it('formats lists, dates and missing values', () => {
    const alert = {
      uid: 'a',
      mitre_ids: ['T1059', 'T1078'],
      priority: 'High',
      indicator: '',
      elastic_alert_created_at: '2026-11-20T08:00:00Z',
    } as unknown as Alert;
    expect(metadataFields(alert)).toEqual([
      { field: 'mitre_ids', label: 'MITRE ATT&CK IDs', value: 'T1059, T1078' },
      { field: 'priority', label: 'Priority', value: 'High' },
      { field: 'indicator', label: 'Indicator', value: '—' },
      { field: 'elastic_alert_created_at', label: 'Alert created', value: formatDateTime('2026-11-20T08:00:00Z') },
    ]);
  });

  it('flattens event data to dotted keys', () => {
    expect(
      flattenEventData({
        process: { name: 'sh', args: ['-c', 'id'], parent: { pid: 1 } },
        hosts: [{ ip: '10.0.0.1' }],
        empty: {},
        n: null,
      }),
    ).toEqual([
      ['process.name', 'sh'],
      ['process.args', '-c, id'],
      ['process.parent.pid', '1'],
      ['hosts.0.ip', '10.0.0.1'],
      ['empty', '—'],
      ['n', '—'],
    ]);
    expect(flattenEventData(null)).toEqual([]);
  });

  it('shows the times in event data as dates with their zone, and leaves other text alone', () => {
    const rows = flattenEventData({
      '@timestamp': '2026-11-20T08:00:00.000Z',
      event: { created: '2026-11-20T08:00:01+01:00' },
      process: { command_line: 'echo 2026-11-20T08:00:00Z', pid: 2026 },
    });
    expect(rows).toEqual([
      ['@timestamp', formatDateTime('2026-11-20T08:00:00.000Z')],
      ['event.created', formatDateTime('2026-11-20T08:00:01+01:00')],
      ['process.command_line', 'echo 2026-11-20T08:00:00Z'],
      ['process.pid', '2026'],
    ]);
    expect(rows[0][1]).not.toContain('T08:00');
  });
});
