import { PageRoutes } from '@console/shared';
import { Navigate, Route } from 'react-router-dom';
import { pages } from '../src/pages';

/** This remote's own routes, as the host mounts them (src/pages/manifest.json; the host also redirects /reports). */
export function DevRoutes() {
  return (
    <PageRoutes pages={pages}>
      <Route path="/reports" element={<Navigate to="/insights" replace />} />
    </PageRoutes>
  );
}
