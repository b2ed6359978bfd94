// Downloads in page tests (jest only): the browser's side of ExportCsvButton, faked.
import type { PageTest } from '@console/shared/src/testing/setupPageTest';

export interface Downloads {
  /** The anchor clicks that hand a file to the browser (one per download); set in each test. */
  click: jest.SpyInstance;
}

/**
 * Call in a describe block after setupPageTest: every `…export.csv` answers a small file, object
 * URLs are faked and the download click is spied on (restored after each test).
 */
export function mockDownloads(page: PageTest): Downloads {
  const downloads = {} as Downloads;
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    downloads.click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    page.api.onGet(/export\.csv/).reply(200, new Blob(['a\r\n']));
  });
  afterEach(() => downloads.click.mockRestore());
  return downloads;
}

/** The query of the last request to `path` (an export: what the file holds), or undefined. */
export function exportQuery(urls: string[], path: string): Record<string, string> | undefined {
  const url = urls.filter((u) => u.startsWith(path)).at(-1);
  return url === undefined ? undefined : Object.fromEntries(new URL(url, 'http://x').searchParams);
}
