import { useAuth } from '@console/shared';
import axios from 'axios';
import { useEffect, useState } from 'react';

/** The signed-in user's tenant; undefined while the profile is still loading (skip fetching then). */
export function useTenant(): string | undefined {
  return useAuth().profile?.tenant_uid || undefined;
}

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

/** For errors the spec says are "only logged, with no user message". */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what} failed`, error);
  }, [error, what]);
}

/**
 * Runs a create, save or delete for the signed-in tenant, `busy` meanwhile. Spec §8: a failure
 * is only logged ("<what> failed"), never shown. Before the profile has arrived nothing runs.
 */
export function useTenantAction() {
  const tenant = useTenant();
  const [busy, setBusy] = useState(false);
  async function run(what: string, action: (tenant: string) => Promise<unknown>) {
    if (!tenant) return;
    setBusy(true);
    try {
      await action(tenant);
    } catch (err) {
      console.error(`${what} failed`, err);
    } finally {
      setBusy(false);
    }
  }
  return { tenant, busy, run };
}
