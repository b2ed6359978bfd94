import { http, useApi, type LicensePolicy, type LicensePolicySet } from '@console/shared';
import type { KeyedMutator } from 'swr';

/** The tenant's denied licenses (one list per tenant, not per report). */
export const licensePolicyKey = '/v1/insights/license-policy/';

export async function fetchLicensePolicy(): Promise<LicensePolicy> {
  return (await http.get<LicensePolicy>(licensePolicyKey)).data;
}

export function useLicensePolicy(enabled = true) {
  return useApi<LicensePolicy>(enabled ? licensePolicyKey : null, { fetcher: fetchLicensePolicy, revalidateOnFocus: false });
}

/** PUTs the whole list, then shows what the API kept (each id once). */
export async function saveLicensePolicy(mutate: KeyedMutator<LicensePolicy>, input: LicensePolicySet): Promise<LicensePolicy> {
  const { data } = await http.put<LicensePolicy>(licensePolicyKey, input);
  await mutate(data, { revalidate: false });
  return data;
}
