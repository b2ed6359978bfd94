import { useState } from 'react';
import { useTenant } from '../api/http-helpers';

/**
 * Runs a create, save or delete for the signed-in tenant, `busy` meanwhile. Spec §8: a failure
 * is only logged ("<what> failed"), never shown. Before the profile has arrived nothing runs.
 */
export function useTenantAction() {
  const tenant = useTenant();
  const [busy, setBusy] = useState(false);
  async function run(what: string, action: (tenant: string) => Promise<unknown>) {
    if (!tenant) return;
    setBusy(true);
    try {
      await action(tenant);
    } catch (err) {
      console.error(`${what} failed`, err);
    } finally {
      setBusy(false);
    }
  }
  return { tenant, busy, run };
}
