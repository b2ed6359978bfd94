import { REMOTE_ROUTES } from '../../remotes/remoteCatalog';
import { NAV_GROUPS } from './navItems';

// The drawer is drawn by the spec, not derived from the page manifests: this keeps the two in step.
describe('drawer entries', () => {
  it('each lead to a remote page of the manifests or to the host settings', () => {
    const routes = new Set([...REMOTE_ROUTES.map(({ path }) => path), '/settings']);
    const targets = NAV_GROUPS.flat().map(({ path }) => (path === '/' ? path : path.replace(/\/$/, '')));
    expect(targets.filter((path) => !routes.has(path))).toEqual([]);
  });
});
