import { PageRoutes } from '@console/shared';
import { pages } from '../src/pages';

/** This remote's own routes, as the host mounts them (src/pages/manifest.json). */
export function DevRoutes() {
  return <PageRoutes pages={pages} />;
}
