import { LoadingState } from '@console/shared';
import { lazy, Suspense, type ReactNode } from 'react';

// The signed-in area is a chunk of its own, so /login fetches only what the sign-in form draws
// (the drawer, tabs, tables and tooltips of the shell and Settings come after).

// Named: the build lists its files in preload.json (shared/toolchain/preload-hints.cjs).
export const loadAppShell = () => import(/* webpackChunkName: "shell" */ '../components/shell/AppShell');

const AppShellPage = lazy(async () => ({ default: (await loadAppShell()).AppShell }));
const SettingsPageLazy = lazy(async () => ({ default: (await import('../pages/settings/SettingsPage')).SettingsPage }));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState text="Loading..." />}>{children}</Suspense>;
}

export function LazyAppShell() {
  return (
    <Loading>
      <AppShellPage />
    </Loading>
  );
}

export function LazySettingsPage() {
  return (
    <Loading>
      <SettingsPageLazy />
    </Loading>
  );
}
