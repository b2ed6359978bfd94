import { init, loadRemote } from '@module-federation/enhanced/runtime';
import { initRemotes, loadRemoteModule } from './remote-modules';

// The runtime would read the remote's manifest a second time, after the contract check: it gets
// the check's copy through the console-reuse-manifest runtime plugin instead.
jest.mock('./hostBuild', () => ({
  HOST_BUILD: { name: 'host', version: '1.9.0', buildTime: '', provides: { react: '19.3.1', '@console/shared': '1.9.0' } },
}));

const ENTRY = '/remotes/detect/mf-manifest.json';
const MANIFEST = {
  id: 'detect',
  metaData: { name: 'detect', console: { name: 'detect', version: '1.4.0', buildTime: '', requires: { react: '^19.3.0' } } },
};

/** jsdom has no Response: what the runtime reads of one. */
class FakeResponse {
  constructor(private readonly body: string) {}
  async json() {
    return JSON.parse(this.body);
  }
}

type ReusePlugin = { name: string; fetch: (url: string, init: RequestInit) => Promise<FakeResponse> | undefined };

const fetchMock = jest.fn(async (url: string) => ({
  ok: true,
  json: async () =>
    url === '/remotes.json'
      ? { host: { name: 'host', version: '1.9.0', buildTime: null }, remotes: { detect: { name: 'detect', entry: ENTRY } } }
      : MANIFEST,
}));

beforeAll(async () => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  (globalThis as { Response?: unknown }).Response = FakeResponse;
  await initRemotes();
});

it("hands the contract check's manifest to the runtime, once, so the file is read once", async () => {
  (loadRemote as jest.Mock).mockResolvedValue({ DashboardPage: () => null });
  await loadRemoteModule('detect', 'DashboardPage');
  const manifestReads = () => fetchMock.mock.calls.filter(([url]) => url === ENTRY).length;
  expect(manifestReads()).toBe(1);

  const { plugins } = (init as jest.Mock).mock.calls[0][0] as { plugins: ReusePlugin[] };
  const reuse = plugins.find((plugin) => plugin.name === 'console-reuse-manifest')!;
  // The runtime asks by absolute URL.
  const absolute = new URL(ENTRY, window.location.href).href;
  const handed = reuse.fetch(absolute, {});
  await expect(handed?.then((response) => response.json())).resolves.toEqual(MANIFEST);
  expect(reuse.fetch(absolute, {})).toBeUndefined(); // a later read (after a reset) is the runtime's own
  expect(manifestReads()).toBe(1);
});
