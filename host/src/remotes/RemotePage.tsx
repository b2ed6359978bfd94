import { ErrorState, LoadingState } from '@console/shared';
import { lazy, Suspense, useReducer, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName, RemotePageName } from './remoteCatalog';
import { failureMessage } from './failureMessage';
import { loadRemoteModule, resetRemote } from './remote-modules';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

type Page = LazyExoticComponent<ComponentType>;

// One lazy component per page, so the remote is fetched on first visit only.
const pages = new Map<string, Page>();

function lazyPage(remote: RemoteName, page: string): Page {
  const key = `${remote}/${page}`;
  let component = pages.get(key);
  if (!component) {
    component = lazy(async () => {
      const module = await loadRemoteModule(remote, page);
      const exported = module[page];
      if (typeof exported !== 'function' && typeof exported !== 'object') {
        throw new Error(`${key} has no export named ${page}`);
      }
      return { default: exported as ComponentType };
    });
    pages.set(key, component);
  }
  return component;
}

/** Forgets every cached page of the remote, then the runtime's copy of it. */
function forgetRemote(remote: RemoteName): void {
  for (const key of [...pages.keys()]) if (key.startsWith(`${remote}/`)) pages.delete(key);
  resetRemote(remote);
}

export interface RemotePageProps<R extends RemoteName = RemoteName> {
  remote: R;
  /** A page of that remote's manifest. */
  page: RemotePageName<R>;
}

export function RemotePage<R extends RemoteName>({ remote, page }: RemotePageProps<R>) {
  const [attempt, retried] = useReducer((n: number) => n + 1, 0);
  const Page = lazyPage(remote, page);
  return (
    <RemoteErrorBoundary
      key={`${remote}/${page}/${attempt}`}
      onRetry={() => {
        forgetRemote(remote);
        retried();
      }}
      fallback={(retry, error) => <ErrorState message={failureMessage(remote, error)} onRetry={retry} />}
    >
      <Suspense fallback={<LoadingState text="Loading..." />}>
        {/* eslint-disable-next-line react-hooks/static-components -- lazyPage hands back the same component for a page until a retry */}
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
