import { http, useApi, type AuditResult } from '@console/shared';
import { reportPath } from './http-helpers';

export const reportRulesKey = (uid: string) => `${reportPath(uid)}rules/`;

export async function fetchReportRules(uid: string): Promise<AuditResult> {
  return (await http.get<AuditResult>(reportRulesKey(uid))).data;
}

/**
 * The audit result; 404 when no audit was uploaded. Not asked for when the report says it holds
 * none (`has_audit`): the browser would log the 404 as a console error.
 */
export function useReportRules(uid: string, uploaded = true) {
  return useApi<AuditResult>(uploaded ? reportRulesKey(uid) : null, { fetcher: () => fetchReportRules(uid) });
}
