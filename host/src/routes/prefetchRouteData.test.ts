import { routeDataUrls } from './prefetchRouteData';

describe('routeDataUrls: the first API reads of the page a cold load opens', () => {
  it("names the dashboard's reads for the tenant", () => {
    expect(routeDataUrls('/', '', 't-1')).toEqual(['/v1/tenants/t-1/summaries/latest/', '/v1/tenants/t-1/dashboard/strategic/']);
  });

  it('reads nothing ahead for another view of the page (a query) or a page without a list', () => {
    expect(routeDataUrls('/', '?tab=technical', 't-1')).toEqual([]);
    expect(routeDataUrls('/devices/d-1', '', 't-1')).toEqual([]);
    expect(routeDataUrls('/settings', '', 't-1')).toEqual([]);
  });

  it('escapes the tenant into the path', () => {
    expect(routeDataUrls('/', '', 'a/b')[0]).toBe('/v1/tenants/a%2Fb/summaries/latest/');
  });
});
