import { Route, Routes } from 'react-router-dom';
import { ThreatLandscapePage } from '../src/pages/ThreatLandscapePage';

/** This remote's own routes, as the host mounts them. */
export function DevRoutes() {
  return (
    <Routes>
      <Route path="/threat-landscape" element={<ThreatLandscapePage />} />
    </Routes>
  );
}
