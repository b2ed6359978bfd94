import { useAuth } from '@console/shared';
import axios from 'axios';
import type { ScopedMutator } from 'swr';
import { useCallback, useEffect, useState } from 'react';

/** The signed-in user's tenant; undefined while the profile is still loading (skip fetching then). */
export function useTenant(): string | undefined {
  return useAuth().profile?.tenant_uid || undefined;
}

/** Entries a page of an audit trail holds (the trail endpoints' `limit`). */
export const TRAIL_PAGE_SIZE = 50;

export type QueryValue = string | number | null | undefined;

/** Appends the non-empty params as a query string; the result doubles as the SWR key. */
export function withQuery(path: string, params: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The CSV export of a list (`<list URL>export.csv`): the list's filters, search and ordering, no paging. */
export function exportPath(listPath: string, params: Record<string, QueryValue>): string {
  const { limit: _limit, offset: _offset, ...view } = params;
  return withQuery(`${listPath}export.csv`, view);
}

/** The API's `detail`, else the error's own message. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (axios.isAxiosError(error)) {
    const detail = (error.response?.data as { detail?: unknown } | undefined)?.detail;
    if (typeof detail === 'string' && detail) return detail;
  }
  return error instanceof Error && error.message ? error.message : undefined;
}

/** Paged list parameters shared by the server-side tables. */
export interface ListParams {
  search?: string;
  ordering?: string;
  limit: number;
  offset: number;
}

export interface ListPage<T> {
  count: number;
  results: T[];
}

/** Logs a failed load for the console; the component shows the error too (never as an empty state). */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what} failed`, error);
  }, [error, what]);
}

/** "Creating the API key failed: name must not be empty": what failed and the API's reason. */
export function actionErrorMessage(what: string, error: unknown): string {
  const reason = apiErrorMessage(error);
  return reason ? `${what} failed: ${reason}` : `${what} failed.`;
}

/**
 * Runs a create, save or delete for the signed-in tenant, `busy` meanwhile. A failure is logged
 * and kept in `error` (with the API's `detail`) for the page to show beside the control; the
 * next run clears it. Resolves true when the action succeeded. Before the profile has arrived
 * nothing runs.
 */
export function useTenantAction() {
  const tenant = useTenant();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clearError = useCallback(() => setError(null), []);
  async function run(what: string, action: (tenant: string) => Promise<unknown>): Promise<boolean> {
    if (!tenant) return false;
    setBusy(true);
    setError(null);
    try {
      await action(tenant);
      return true;
    } catch (err) {
      console.error(`${what} failed`, err);
      setError(actionErrorMessage(what, err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { tenant, busy, run, error, clearError };
}

/**
 * The writes of a cached list of `uid` items (the credential lists): the answer of the write is
 * the new state, so the cache is changed in place, without a refetch.
 */
export function cachedList<T extends { uid: string }>(mutate: ScopedMutator, key: string) {
  const change = (edit: (list: T[]) => T[]) => mutate<T[]>(key, (list = []) => edit(list), { revalidate: false });
  return {
    /** A created item goes on top (replacing any copy of it). */
    putFirst: (item: T) => change((list) => [item, ...list.filter((x) => x.uid !== item.uid)]),
    update: (uid: string, changes: Partial<T>) => change((list) => list.map((x) => (x.uid === uid ? { ...x, ...changes } : x))),
    remove: (uid: string) => change((list) => list.filter((x) => x.uid !== uid)),
  };
}
