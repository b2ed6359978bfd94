import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AppShell } from '../components/shell/AppShell';
import { renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { initRemotes } from './remote-modules';
import { RemotePage } from './RemotePage';

const load = loadRemote as jest.Mock;
const REMOTES = {
  detect: '/remotes/detect/mf-manifest.json',
  insights: '/remotes/insights/mf-manifest.json',
  threat: '/remotes/threat/mf-manifest.json',
};
const REMOTES_JSON = {
  host: { name: 'host', version: '1.0.0', buildTime: null },
  remotes: Object.fromEntries(
    Object.entries(REMOTES).map(([name, entry]) => [name, { name, entry, version: null, buildTime: null }]),
  ),
};

function renderRoutes(path: string) {
  return renderWithAuth(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="/" element={<RemotePage remote="detect" page="DashboardPage" />} />
        <Route path="/threat-landscape" element={<RemotePage remote="threat" page="ThreatLandscapePage" />} />
      </Route>
    </Routes>,
    { path },
  );
}

let consoleError: jest.SpyInstance;
beforeAll(async () => {
  // /remotes.json, then each remote's manifest (one without a recorded contract loads unchecked).
  globalThis.fetch = jest.fn(async (url: string) => ({
    ok: true,
    json: async () => (url === '/remotes.json' ? REMOTES_JSON : { id: url, metaData: {} }),
  })) as unknown as typeof fetch;
  await initRemotes();
});
let consoleWarn: jest.SpyInstance;
beforeEach(() => {
  load.mockReset();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  consoleWarn.mockRestore();
});

describe('remote loading', () => {
  it('reads /remotes.json at start without starting the federation runtime or loading a remote', () => {
    expect(globalThis.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
    expect(init).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('starts the runtime with the remotes on the first remote page and loads its named export', async () => {
    load.mockResolvedValue({ ThreatLandscapePage: () => <h1>Threat page</h1> });
    renderRoutes('/threat-landscape');
    expect(await screen.findByRole('heading', { name: 'Threat page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('threat/ThreatLandscapePage');
    expect(init).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'host',
        remotes: [
          { name: 'detect', entry: REMOTES.detect },
          { name: 'insights', entry: REMOTES.insights },
          { name: 'threat', entry: REMOTES.threat },
        ],
        shareStrategy: 'loaded-first',
      }),
    );
  });

  it('shows a message and a Retry that really retries, while the shell keeps working', async () => {
    load.mockImplementation(async (id: string) => {
      if (id === 'detect/DashboardPage') throw new Error('RUNTIME-003 manifest 404');
      return { ThreatLandscapePage: () => <h1>Threat page</h1> };
    });
    renderRoutes('/');
    expect(await screen.findByText('The DETECT module could not be loaded.')).toBeInTheDocument();
    expect(screen.getByTestId('nav-drawer')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Theat Landscape' }));
    expect(await screen.findByRole('heading', { name: 'Threat page' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Dashboards' }));
    expect(await screen.findByText('The DETECT module could not be loaded.')).toBeInTheDocument();

    load.mockImplementation(async () => ({ DashboardPage: () => <h1>Dashboards</h1> }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Dashboards' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'detect', entry: REMOTES.detect }], { force: true });
  });

  it('treats a module without the named export as a load failure', async () => {
    load.mockResolvedValue({ default: () => null });
    renderWithAuth(<RemotePage remote="insights" page="InsightsListPage" />);
    expect(await screen.findByText('The INSIGHTS module could not be loaded.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('insights/InsightsListPage');
  });
});
