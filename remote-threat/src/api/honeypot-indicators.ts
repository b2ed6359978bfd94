import { downloadFile, type HoneypotRange } from '@console/shared';
import { rangeQuery } from './range-query';

export type IndicatorFormat = 'csv' | 'stix';

/** GET /v1/honeypot/indicators/{csv|stix}/: the range's indicators as a file (no SWR: a download, not a view). */
export const honeypotIndicatorsUrl = (format: IndicatorFormat, range?: HoneypotRange): string =>
  `/v1/honeypot/indicators/${format}/${rangeQuery(range)}`;

/** Hands the export to the browser as a download (the API's file name, else a plain one). */
export async function downloadHoneypotIndicators(format: IndicatorFormat, range?: HoneypotRange): Promise<string> {
  return await downloadFile(honeypotIndicatorsUrl(format, range), `honeynet-indicators.${format === 'csv' ? 'csv' : 'json'}`);
}
