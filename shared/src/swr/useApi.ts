import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';

/** useSWR with the console fetcher; pass null to skip the request. */
export function useApi<T>(key: string | null, config?: SWRConfiguration<T>): SWRResponse<T> {
  return useSWR<T>(key, config);
}
