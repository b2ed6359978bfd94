import { http, useApi, type FeedState } from '@console/shared';

// The feed is global (not per tenant): any signed-in user may read its state.
export const feedsKey = '/v1/feeds/';

export async function fetchFeeds(): Promise<FeedState> {
  return (await http.get<FeedState>(feedsKey)).data;
}

/** GET /v1/feeds/ (docs/vuln-feed-api.md): sources, advisories per ecosystem, demo catalogue, sync schedule. */
export function useFeeds() {
  return useApi<FeedState>(feedsKey, { fetcher: fetchFeeds });
}
