import { formatDateTime, formatUtcDay, isIsoDateTime } from './formatDateTime';

describe('formatDateTime', () => {
  it('shows a date as the local date-time with its time zone', () => {
    const value = '2026-03-04T05:06:07Z';
    const shown = formatDateTime(value);
    expect(shown).toBe(new Date(value).toLocaleString(undefined, { timeZoneName: 'short' }));
    expect(shown.startsWith(new Date(value).toLocaleString())).toBe(true);
    // The zone the viewer's clock is in, by name: "UTC", "GMT+1", "CET", …
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(new Date(value))
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    expect(shown.endsWith(` ${zone}`)).toBe(true);
  });

  it('shows a missing value as the dash, or as the text the screen gives', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('', 'N/A')).toBe('N/A');
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatDateTime('yesterday', 'N/A')).toBe('yesterday');
  });
});

describe('formatUtcDay', () => {
  it("shows the UTC day, named as UTC, whatever the viewer's zone", () => {
    const day = new Date('2026-11-20T00:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' });
    expect(formatUtcDay('2026-11-20')).toBe(`${day} (UTC)`);
    expect(formatUtcDay(Date.parse('2026-11-20T23:59:00Z'))).toBe(`${day} (UTC)`);
  });

  it('shows a missing value as the dash and text that is not a date as it came', () => {
    expect(formatUtcDay(null)).toBe('—');
    expect(formatUtcDay('soon')).toBe('soon');
  });
});

describe("formatDateTime of a chart's timestamp", () => {
  it('takes milliseconds too', () => {
    const ms = Date.parse('2026-03-04T05:06:07Z');
    expect(formatDateTime(ms)).toBe(formatDateTime('2026-03-04T05:06:07Z'));
  });
});

describe('isIsoDateTime', () => {
  it('knows a timestamp from numbers and words', () => {
    expect(isIsoDateTime('2026-11-20T08:00:00Z')).toBe(true);
    expect(isIsoDateTime('2026-11-20T08:00:00.123+01:00')).toBe(true);
    expect(isIsoDateTime('1700000000')).toBe(false);
    expect(isIsoDateTime('2026')).toBe(false);
    expect(isIsoDateTime('sh -c id 2026-11-20T08:00:00Z')).toBe(false);
  });
});
