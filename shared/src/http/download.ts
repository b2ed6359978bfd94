import { http } from './createHttpClient';

/** The file name the API gives in Content-Disposition, or `fallback`. */
export function downloadName(disposition: unknown, fallback: string): string {
  const match = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * GETs an export through the console's HTTP client (its session refresh applies) and hands it to
 * the browser as a download; answers the file name. Throws what the call threw.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await http.get<Blob>(path, { responseType: 'blob' });
  const name = downloadName(response.headers['content-disposition'], fallbackName);
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
