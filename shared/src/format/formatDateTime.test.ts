import { formatDateTime } from './formatDateTime';

describe('formatDateTime', () => {
  it('shows a date as the local date-time', () => {
    const value = '2026-03-04T05:06:07Z';
    expect(formatDateTime(value)).toBe(new Date(value).toLocaleString());
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
