import { formatDateTime, isIsoDateTime } from './formatDateTime';

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

describe('isIsoDateTime', () => {
  it('knows a timestamp from numbers and words', () => {
    expect(isIsoDateTime('2026-11-20T08:00:00Z')).toBe(true);
    expect(isIsoDateTime('2026-11-20T08:00:00.123+01:00')).toBe(true);
    expect(isIsoDateTime('1700000000')).toBe(false);
    expect(isIsoDateTime('2026')).toBe(false);
    expect(isIsoDateTime('sh -c id 2026-11-20T08:00:00Z')).toBe(false);
  });
});
