import { Navigate, Route, Routes } from 'react-router-dom';
import { AppShell } from '../components/shell/AppShell';
import { LoginPage } from '../pages/login/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { RemotePage } from '../remotes/RemotePage';
import { ProtectedRoute } from './ProtectedRoute';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <ProtectedRoute>
            <AppShell />
          </ProtectedRoute>
        }
      >
        <Route index element={<RemotePage remote="detect" page="DashboardPage" />} />
        <Route path="devices/:uid" element={<RemotePage remote="detect" page="DeviceDetailPage" />} />
        <Route path="alerts/:uid" element={<RemotePage remote="detect" page="AlertDetailPage" />} />
        <Route path="agents" element={<RemotePage remote="detect" page="AgentsPage" />} />
        <Route path="agents/:uid" element={<RemotePage remote="detect" page="AgentDetailPage" />} />
        <Route path="api-keys" element={<RemotePage remote="detect" page="ApiKeysPage" />} />
        <Route path="threat-landscape" element={<RemotePage remote="threat" page="ThreatLandscapePage" />} />
        <Route path="insights" element={<RemotePage remote="insights" page="InsightsListPage" />} />
        <Route path="insights/:uid" element={<RemotePage remote="insights" page="ReportDetailPage" />} />
        <Route path="reports" element={<Navigate to="/insights" replace />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
