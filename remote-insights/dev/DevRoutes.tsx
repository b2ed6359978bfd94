import { Route, Routes } from 'react-router-dom';
import { InsightsListPage } from '../src/pages/InsightsListPage';
import { ReportDetailPage } from '../src/pages/ReportDetailPage';

/** This remote's own routes, as the host mounts them. */
export function DevRoutes() {
  return (
    <Routes>
      <Route path="/insights" element={<InsightsListPage />} />
      <Route path="/insights/:uid" element={<ReportDetailPage />} />
    </Routes>
  );
}
