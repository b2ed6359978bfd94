import { http } from '../http/createHttpClient';

/** The file name the API gives in Content-Disposition, else `fallback`. */
export function attachmentName(disposition: unknown, fallback: string): string {
  const match = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * Fetches `path` (relative to the API base) through the console's HTTP client, so an expired
 * access cookie is refreshed first (a plain link would meet a 401 then), and hands it to the
 * browser as a download. Rejects when the call fails: the caller shows why, with Retry.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await http.get<Blob>(path, { responseType: 'blob' });
  const name = attachmentName(response.headers['content-disposition'], fallbackName);
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
