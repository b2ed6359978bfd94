import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../src/pages/DashboardPage';
import { DeviceDetailPage } from '../src/pages/DeviceDetailPage';
import { AgentsPage } from '../src/pages/AgentsPage';
import { AgentDetailPage } from '../src/pages/AgentDetailPage';
import { AlertDetailPage } from '../src/pages/AlertDetailPage';
import { ApiKeysPage } from '../src/pages/ApiKeysPage';

/** This remote's own routes, as the host mounts them. */
export function DevRoutes() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/devices/:uid" element={<DeviceDetailPage />} />
      <Route path="/agents" element={<AgentsPage />} />
      <Route path="/agents/:uid" element={<AgentDetailPage />} />
      <Route path="/alerts/:uid" element={<AlertDetailPage />} />
      <Route path="/api-keys" element={<ApiKeysPage />} />
    </Routes>
  );
}
