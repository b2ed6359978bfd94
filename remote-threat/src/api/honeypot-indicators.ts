import { http, type HoneypotRange } from '@console/shared';
import { rangeQuery } from './range-query';

export type IndicatorFormat = 'csv' | 'stix';

/** GET /v1/honeypot/indicators/{csv|stix}/: the range's indicators as a file (no SWR: a download, not a view). */
export const honeypotIndicatorsUrl = (format: IndicatorFormat, range?: HoneypotRange): string =>
  `/v1/honeypot/indicators/${format}/${rangeQuery(range)}`;

/** The file name the API gives in Content-Disposition, or a plain one. */
function fileName(disposition: unknown, format: IndicatorFormat): string {
  const match = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? `honeynet-indicators.${format === 'csv' ? 'csv' : 'json'}`;
}

/**
 * Fetches the export through the console's HTTP client (its session refresh applies) and hands it
 * to the browser as a download.
 */
export async function downloadHoneypotIndicators(format: IndicatorFormat, range?: HoneypotRange): Promise<string> {
  const response = await http.get<Blob>(honeypotIndicatorsUrl(format, range), { responseType: 'blob' });
  const name = fileName(response.headers['content-disposition'], format);
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
