import { downloadFile, type HoneypotRange } from '@console/shared';
import { rangeQuery } from './range-query';

export type IndicatorFormat = 'csv' | 'stix';

/** GET /v1/honeypot/indicators/{csv|stix}/: the range's indicators as a file (no SWR: a download, not a view). */
export const honeypotIndicatorsUrl = (format: IndicatorFormat, range?: HoneypotRange): string =>
  `/v1/honeypot/indicators/${format}/${rangeQuery(range)}`;

/** Downloads the export under the name the API gives (through the console's HTTP client: its session refresh applies). */
export async function downloadHoneypotIndicators(format: IndicatorFormat, range?: HoneypotRange): Promise<string> {
  return await downloadFile(honeypotIndicatorsUrl(format, range), `honeynet-indicators.${format === 'csv' ? 'csv' : 'json'}`);
}
