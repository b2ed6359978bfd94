import { latestSummaryKey } from '../api/latest-summary';
import { strategicDashboardKey } from '../api/strategic-dashboard';
import manifest from './manifest.json';

// The host starts these GETs on a cold load of / (manifest `prefetch`); a URL the page no longer
// reads would be a wasted request, and the page's own one would wait as before.
describe('page manifest', () => {
  it("prefetches exactly the dashboard's first GETs", () => {
    const urls = manifest.DashboardPage.prefetch.map((url) => url.replace('{tenant}', 't-1'));
    expect(urls.sort()).toEqual([latestSummaryKey('t-1'), strategicDashboardKey('t-1')].sort());
  });
});
