import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../pages/login/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { REMOTE_ROUTES } from '../remotes/remoteCatalog';
import { RemotePage } from '../remotes/RemotePage';
import { LazyAppShell, LazySettingsPage } from './lazyPages';
import { ProtectedRoute } from './ProtectedRoute';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <ProtectedRoute>
            <LazyAppShell />
          </ProtectedRoute>
        }
      >
        {REMOTE_ROUTES.map(({ remote, page, path }) => (
          <Route key={`${remote}/${page}`} path={path} element={<RemotePage remote={remote} page={page} />} />
        ))}
        <Route path="reports" element={<Navigate to="/insights" replace />} />
        <Route path="settings" element={<LazySettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
