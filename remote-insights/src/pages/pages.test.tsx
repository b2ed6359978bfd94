import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../testing/renderRoute';
import { pages } from '.';

// Path and heading of each page; the states behind the headings are covered by the page tests.
const ROUTES: [string, string][] = [
  ['/insights', 'My Insight Reports'],
  ['/insights/:uid', 'Insight Report'],
];
/** The browser tab's title on each page, before any data. */
const TITLES = ['Reports · Security Console', 'Reports · Security Console'];

describe('insights routes', () => {
  const page = setupPageTest({ quiet: true });
  beforeEach(() => page.api.onAny().reply(404, { detail: 'Not found.' }));

  it('declares these pages, each with its heading as title', () => {
    expect(pages.map(({ path, title }) => [path, title])).toEqual(ROUTES);
  });

  it.each(ROUTES)('%s shows the heading %s', async (path, heading) => {
    renderRoute(path.replace(':uid', 'r-1'));
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it.each(ROUTES.map(([path, heading], i) => [path, heading, TITLES[i]]))(
    '%s names the browser tab',
    async (path, heading, title) => {
      const { unmount } = renderRoute(path!.replace(':uid', 'r-1'));
      await screen.findByRole('heading', { name: heading, level: 1 });
      expect(document.title).toBe(title);
      unmount();
      expect(document.title).not.toBe(title);
    },
  );
});
