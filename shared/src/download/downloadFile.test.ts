import MockAdapter from 'axios-mock-adapter';
import { http } from '../http/createHttpClient';
import { attachmentName, downloadFile } from './downloadFile';

describe('downloadFile', () => {
  let api: MockAdapter;
  const clicked: Array<{ href: string; download: string }> = [];
  beforeEach(() => {
    api = new MockAdapter(http, { onNoMatch: 'throwException' });
    clicked.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  it("saves the answer under the API's file name", async () => {
    api.onGet('/v1/things/export.csv').reply(200, 'a,b\n', { 'content-disposition': 'attachment; filename="things-1.csv"' });
    await expect(downloadFile('/v1/things/export.csv', 'things.csv')).resolves.toBe('things-1.csv');
    expect(clicked).toEqual([{ href: 'blob:export', download: 'things-1.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('falls back to the given name, and throws what the call threw (nothing saved)', async () => {
    expect(attachmentName(undefined, 'sbom.cdx.json')).toBe('sbom.cdx.json');
    api.onGet('/v1/things/export.csv').reply(500, { detail: 'boom' });
    await expect(downloadFile('/v1/things/export.csv', 'things.csv')).rejects.toThrow();
    expect(clicked).toEqual([]);
  });
});
