import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DashboardVariables, OnVariablesChange } from './variables';

/** Where a report of alert_uid or device_uid leads; null for any other change. */
export function targetOf(change: Partial<DashboardVariables>): string | null {
  if (change.alert_uid) return `/alerts/${encodeURIComponent(change.alert_uid)}`;
  if (change.device_uid) return `/devices/${encodeURIComponent(change.device_uid)}`;
  return null;
}

/**
 * The page's variables. Spec §2/§4: the page navigates when a widget reports alert_uid or
 * device_uid, and only once, on the first such report; later reports only change the variables.
 */
export function useDashboardVariables(): { variables: DashboardVariables; onVariablesChange: OnVariablesChange } {
  const navigate = useNavigate();
  const [variables, setVariables] = useState<DashboardVariables>({});
  // A ref, not state: two reports in one event must not both see "not yet navigated".
  const navigated = useRef(false);

  const onVariablesChange = useCallback<OnVariablesChange>(
    (change) => {
      setVariables((previous) => ({ ...previous, ...change }));
      const target = targetOf(change);
      if (!target || navigated.current) return;
      navigated.current = true;
      navigate(target);
    },
    [navigate],
  );

  return { variables, onVariablesChange };
}
