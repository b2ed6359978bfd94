import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { targetOf, useDashboardVariables } from './useDashboardVariables';

function useProbe() {
  return { ...useDashboardVariables(), location: useLocation() };
}
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>;

describe('dashboard variables', () => {
  it('maps alert_uid and device_uid to their pages, anything else to nothing', () => {
    expect(targetOf({ alert_uid: 'a 1' })).toBe('/alerts/a%201');
    expect(targetOf({ device_uid: 'd1' })).toBe('/devices/d1');
    expect(targetOf({ exec_summary: { text: 'x' } as never })).toBeNull();
  });

  it('navigates on the first alert_uid/device_uid report only, and keeps every report in the variables', () => {
    const { result } = renderHook(useProbe, { wrapper });
    act(() => result.current.onVariablesChange({ exec_summary: { text: 'All quiet.' } as never }));
    expect(result.current.location.pathname).toBe('/');
    expect(result.current.variables.exec_summary?.text).toBe('All quiet.');

    act(() => result.current.onVariablesChange({ device_uid: 'd-1' }));
    expect(result.current.location.pathname).toBe('/devices/d-1');

    act(() => result.current.onVariablesChange({ alert_uid: 'al-9' }));
    act(() => result.current.onVariablesChange({ device_uid: 'd-2' }));
    expect(result.current.location.pathname).toBe('/devices/d-1');
    expect(result.current.variables).toMatchObject({
      alert_uid: 'al-9',
      device_uid: 'd-2',
      exec_summary: { text: 'All quiet.' },
    });
  });

  it('navigates once even for two reports in one event', () => {
    const { result } = renderHook(useProbe, { wrapper });
    act(() => {
      result.current.onVariablesChange({ alert_uid: 'al-1' });
      result.current.onVariablesChange({ alert_uid: 'al-2' });
    });
    expect(result.current.location.pathname).toBe('/alerts/al-1');
  });
});
