import { http, useApi, type HoneypotSensors, type HoneypotRange } from '@console/shared';
import { rangeQuery } from './range-query';

/** GET /v1/honeypot/sensors/: Each live sensor key: name, last event received, events in the range. */
export const honeypotSensorsKey = (range?: HoneypotRange): string => `/v1/honeypot/sensors/${rangeQuery(range)}`;

export async function fetchHoneypotSensors(key: string): Promise<HoneypotSensors> {
  return (await http.get<HoneypotSensors>(key)).data;
}

export function useHoneypotSensors(range?: HoneypotRange) {
  return useApi<HoneypotSensors>(honeypotSensorsKey(range), { fetcher: fetchHoneypotSensors });
}
