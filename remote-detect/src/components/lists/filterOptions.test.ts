import { alertFilterParams, anyFilter, deviceFilterParams, instantBefore } from './filterOptions';

const NOW = Date.parse('2026-11-26T10:17:42.500Z');
const DAY_MS = 24 * 60 * 60 * 1000;

describe('list filters → API parameters', () => {
  it('counts a time range back from the current minute, so a list opened again within it asks the same URL', () => {
    expect(instantBefore(DAY_MS, NOW)).toBe('2026-11-25T10:17:00.000Z');
    expect(instantBefore(DAY_MS, NOW + 15_000)).toBe(instantBefore(DAY_MS, NOW));
  });

  it('maps the alert filters, leaving out the unset ones', () => {
    expect(alertFilterParams({ status: 'OPEN', priority: 'High', created: '7d' }, { device: 'd-1', rule: 'R' }, NOW)).toEqual({
      status: 'OPEN',
      priority: 'High',
      device: 'd-1',
      rule: 'R',
      created_after: '2026-11-19T10:17:00.000Z',
    });
    const none = alertFilterParams({ status: '', priority: '', created: '' }, {}, NOW);
    expect(anyFilter(none)).toBe(false);
    expect(anyFilter(alertFilterParams({ created: '24h' }, {}, NOW))).toBe(true);
  });

  it('maps "last seen" to after (recently) or before (not for a while), never both', () => {
    expect(deviceFilterParams({ seen: 'within_30d' }, {}, NOW)).toMatchObject({
      last_connected_after: '2026-10-27T10:17:00.000Z',
      last_connected_before: undefined,
    });
    expect(deviceFilterParams({ seen: 'over_7d', risk: 'High', has_kev: 'false' }, { platform: 'Zephyr' }, NOW)).toEqual({
      device_type: undefined,
      platform: 'Zephyr',
      risk: 'High',
      has_kev: 'false',
      has_high_risk: undefined,
      last_connected_after: undefined,
      last_connected_before: '2026-11-19T10:17:00.000Z',
    });
    expect(anyFilter(deviceFilterParams({}, {}, NOW))).toBe(false);
  });
});
