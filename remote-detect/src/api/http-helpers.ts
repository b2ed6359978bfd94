import { useAuth } from '@console/shared';
import axios from 'axios';

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
