import { assertCompatible, consumedShareKeys, readContract, refusal, refusalMessage, unmetRequirement } from './contract';
import { IncompatibleRemoteError } from './IncompatibleRemoteError';

const PROVIDES = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@mui/material': '9.5.0',
  '@console/shared': '1.9.0',
  '@module-federation/runtime': '2.9.2',
};

function manifest(version: string, requires: Record<string, string>) {
  return {
    id: 'detect',
    name: 'detect',
    metaData: { name: 'detect', console: { name: 'detect', version, buildTime: '2026-01-01T00:00:00.000Z', requires } },
  };
}

describe('the host/remote contract', () => {
  it('is met by every version inside the ranges, newer patches and minors included', () => {
    const requires = {
      react: '^19.3.0',
      '@mui/material': '^9.1.0',
      '@console/shared': '^1.2.0',
      '@module-federation/runtime': '^2.9.2',
    };
    expect(unmetRequirement(requires, PROVIDES)).toBeUndefined();
  });

  it('names the first requirement the host does not meet, in the order the remote lists them', () => {
    const requires = { react: '^19.3.0', '@console/shared': '^2.0.0', '@mui/material': '^10.0.0' };
    expect(unmetRequirement(requires, PROVIDES)).toEqual({ dependency: '@console/shared', range: '^2.0.0', provided: '1.9.0' });
    expect(unmetRequirement({ react: '^18.2.0' }, PROVIDES)).toEqual({
      dependency: 'react',
      range: '^18.2.0',
      provided: '19.3.1',
    });
    expect(unmetRequirement({ '@module-federation/runtime': '^3.0.0' }, PROVIDES)?.dependency).toBe('@module-federation/runtime');
  });

  it('is not met by something the host does not provide, nor by a range that is not semver', () => {
    expect(unmetRequirement({ 'left-pad': '^1.0.0' }, PROVIDES)).toEqual({
      dependency: 'left-pad',
      range: '^1.0.0',
      provided: undefined,
    });
    expect(unmetRequirement({ react: 'latest' }, PROVIDES)?.dependency).toBe('react');
  });

  it('words the refusal for the operator', () => {
    expect(refusalMessage('DETECT', '1.4.0', { dependency: '@console/shared', range: '^2', provided: '1.9.0' })).toBe(
      'DETECT 1.4.0 needs @console/shared ^2 — this console provides 1.9.0; deploy a matching DETECT or upgrade the console',
    );
    expect(refusal('insights', { version: '2.0.0', requires: { react: '^20.0.0' } }, PROVIDES)).toBe(
      'INSIGHTS 2.0.0 needs react ^20.0.0 — this console provides 19.3.1; deploy a matching INSIGHTS or upgrade the console',
    );
    expect(refusal('threat', { version: '1.0.0', requires: { react: '^19.0.0' } }, PROVIDES)).toBeUndefined();
  });

  it('reads the contract from metaData.console of a manifest, and nothing from one without it', () => {
    expect(readContract(manifest('1.4.0', { react: '^19.3.1' }))).toEqual({
      name: 'detect',
      version: '1.4.0',
      buildTime: '2026-01-01T00:00:00.000Z',
      requires: { react: '^19.3.1' },
    });
    expect(readContract({ id: 'detect', metaData: { name: 'detect' } })).toBeUndefined();
    expect(readContract('not a manifest')).toBeUndefined();
  });
});

describe('assertCompatible', () => {
  const fetchMock = jest.fn();
  let warn: jest.SpyInstance;
  beforeEach(() => {
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    fetchMock.mockReset();
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  const answer = (body: unknown, ok = true) =>
    fetchMock.mockResolvedValue({ ok, status: ok ? 200 : 404, json: async () => body });

  // Under jest the host provides nothing (no CONSOLE_BUILD): every requirement is unmet.
  it('refuses a remote whose manifest needs what this host does not provide', async () => {
    answer(manifest('1.4.0', { '@console/shared': '^2' }));
    const check = assertCompatible('detect', 'https://cdn.example.com/detect/mf-manifest.json');
    await expect(check).rejects.toThrow(IncompatibleRemoteError);
    await expect(check).rejects.toThrow(
      'DETECT 1.4.0 needs @console/shared ^2 — this console provides none; deploy a matching DETECT or upgrade the console',
    );
    expect(fetchMock).toHaveBeenCalledWith('https://cdn.example.com/detect/mf-manifest.json', { cache: 'no-cache' });
  });

  // A production remote carries no copy of what it consumes: a key the host's share scope lacks
  // would fail inside the remote's code, so the check names it first.
  const consuming = (consoleShared: unknown) => {
    const body = manifest('1.4.0', {});
    return { ...body, metaData: { ...body.metaData, consoleShared } };
  };

  it('refuses a remote whose pages consume a share key this host does not provide', async () => {
    answer(consuming({ DashboardPage: ['react', '@mui/material/Button'], AlertsPage: ['@mui/material/Timeline'] }));
    const provided = Promise.resolve(['react', '@mui/material/Button']);
    const check = assertCompatible('detect', '/remotes/detect/mf-manifest.json', undefined, provided);
    await expect(check).rejects.toThrow(IncompatibleRemoteError);
    await expect(check).rejects.toThrow(
      'DETECT 1.4.0 needs @mui/material/Timeline, which this console does not provide; deploy a matching DETECT or upgrade the console',
    );
  });

  it('loads a remote whose every consumed key is provided, and one whose manifest names none', async () => {
    const provided = Promise.resolve(['react', '@mui/material/Button', '@console/shared/auth/AuthContext']);
    answer(consuming({ DashboardPage: ['react', '@console/shared/auth/AuthContext'], AlertsPage: ['@mui/material/Button'] }));
    await expect(assertCompatible('detect', '/remotes/detect/mf-manifest.json', undefined, provided)).resolves.toBeUndefined();
    answer(manifest('1.4.0', {}));
    await expect(assertCompatible('detect', '/remotes/detect/mf-manifest.json', undefined, provided)).resolves.toBeUndefined();
  });

  it('reads the consumed keys of every page once, and nothing from a malformed list', () => {
    expect(consumedShareKeys(consuming({ A: ['react', 'swr'], B: ['swr', 'axios'] }))).toEqual(['react', 'swr', 'axios']);
    expect(consumedShareKeys(consuming({ A: 'react' }))).toEqual([]);
    expect(consumedShareKeys(consuming(['react']))).toEqual([]);
    expect(consumedShareKeys('not a manifest')).toEqual([]);
  });

  it('lets a remote without a recorded contract load, with a warning', async () => {
    answer({ id: 'detect', metaData: { name: 'detect' } });
    await expect(assertCompatible('detect', '/remotes/detect/mf-manifest.json')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('DETECT records no contract'));
  });

  it('fails like a load failure when the manifest cannot be read', async () => {
    answer({}, false);
    const check = assertCompatible('threat', '/remotes/threat/mf-manifest.json');
    await expect(check).rejects.toThrow('/remotes/threat/mf-manifest.json answered 404');
    await expect(check).rejects.not.toBeInstanceOf(IncompatibleRemoteError);
  });
});
