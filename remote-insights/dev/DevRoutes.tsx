import { Navigate, Route, Routes } from 'react-router-dom';
import { InsightsListPage } from '../src/pages/InsightsListPage';
import { ReportDetailPage } from '../src/pages/ReportDetailPage';

/** This remote's own routes, as the host mounts them (the host also redirects /reports). */
export function DevRoutes() {
  return (
    <Routes>
      <Route path="/insights" element={<InsightsListPage />} />
      <Route path="/insights/:uid" element={<ReportDetailPage />} />
      <Route path="/reports" element={<Navigate to="/insights" replace />} />
    </Routes>
  );
}
