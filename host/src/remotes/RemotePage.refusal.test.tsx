import { loadRemote } from '@module-federation/enhanced/runtime';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AppShell } from '../components/shell/AppShell';
import { renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { initRemotes } from './remote-modules';
import { RemotePage } from './RemotePage';

// What the host's build compiles in (CONSOLE_BUILD): the versions it provides to the remotes.
jest.mock('./hostBuild', () => ({
  HOST_BUILD: { name: 'host', version: '1.9.0', buildTime: '', provides: { react: '19.3.1', '@console/shared': '1.9.0' } },
}));

const load = loadRemote as jest.Mock;
const ENTRIES = { detect: '/remotes/detect/mf-manifest.json', threat: 'http://127.0.0.1:9/threat/mf-manifest.json' };
const COMPATIBLE = { version: '1.4.0', requires: { react: '^19.3.0', '@console/shared': '^1.2.0' } };
/** What each remote's manifest records in metaData.console. */
const contracts: Record<string, { version: string; requires: Record<string, string> }> = {};

function answer(url: string) {
  if (url === '/remotes.json') {
    const remotes = Object.entries(ENTRIES).map(([name, entry]) => [name, { name, entry, version: null, buildTime: null }]);
    return { host: { name: 'host', version: '1.9.0', buildTime: null }, remotes: Object.fromEntries(remotes) };
  }
  const [name] = Object.entries(ENTRIES).find(([, entry]) => entry === url)!;
  return { id: name, metaData: { name, console: { name, buildTime: '', ...contracts[name] } } };
}

let consoleError: jest.SpyInstance;
beforeAll(async () => {
  globalThis.fetch = jest.fn(async (url: string) => ({ ok: true, json: async () => answer(url) })) as unknown as typeof fetch;
  await initRemotes();
});
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

it('refuses a remote whose contract this console does not meet, on its pages only, before loading it', async () => {
  const REFUSAL =
    'DETECT 1.4.0 needs @console/shared ^2 — this console provides 1.9.0; deploy a matching DETECT or upgrade the console';
  Object.assign(contracts, {
    detect: { ...COMPATIBLE, requires: { react: '^19.3.0', '@console/shared': '^2' } },
    threat: COMPATIBLE,
  });
  load.mockResolvedValue({ ThreatLandscapePage: () => <h1>Threat page</h1> });
  renderWithAuth(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="/" element={<RemotePage remote="detect" page="DashboardPage" />} />
        <Route path="/agents" element={<RemotePage remote="detect" page="AgentsPage" />} />
        <Route path="/threat-landscape" element={<RemotePage remote="threat" page="ThreatLandscapePage" />} />
      </Route>
    </Routes>,
    { path: '/' },
  );
  expect(await screen.findByText(REFUSAL)).toBeInTheDocument();

  // The rest of the console works: another remote loads; every page of the refused one says why.
  await userEvent.click(screen.getByRole('link', { name: 'Theat Landscape' }));
  expect(await screen.findByRole('heading', { name: 'Threat page' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Agents' }));
  expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
  expect(load.mock.calls).toEqual([['threat/ThreatLandscapePage']]);

  // A matching DETECT deployed meanwhile: Retry reads its manifest again and loads it.
  contracts.detect = COMPATIBLE;
  load.mockResolvedValue({ AgentsPage: () => <h1>Agents</h1> });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Agents' })).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith('detect/AgentsPage');
});
