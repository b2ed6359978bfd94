import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { PageDefinition } from './definePages';

export interface PageRoutesProps {
  pages: readonly PageDefinition[];
  /** Further <Route>s (a redirect the remote also answers). */
  children?: ReactNode;
}

/** A remote's own routes, one per page of its manifest, as the host mounts them (dev shell and tests). */
export function PageRoutes({ pages, children }: PageRoutesProps) {
  return (
    // No fallback text: a page's own "Loading..." must not be mistaken for the chunk being fetched.
    <Suspense fallback={null}>
      <Routes>
        {pages.map(({ name, path, Component }) => (
          <Route key={name} path={path} element={<Component />} />
        ))}
        {children}
      </Routes>
    </Suspense>
  );
}
