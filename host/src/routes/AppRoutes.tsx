import { Navigate, Route, Routes } from 'react-router-dom';
import { AppShell } from '../components/shell/AppShell';
import { LoginPage } from '../pages/login/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { REMOTE_ROUTES } from '../remotes/remoteCatalog';
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
        {REMOTE_ROUTES.map(({ remote, page, path }) => (
          <Route key={`${remote}/${page}`} path={path} element={<RemotePage remote={remote} page={page} />} />
        ))}
        <Route path="reports" element={<Navigate to="/insights" replace />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
