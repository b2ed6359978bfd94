import { http, useApi, type AuditResult } from '@console/shared';
import { reportPath } from './http-helpers';

export const reportRulesKey = (uid: string) => `${reportPath(uid)}rules/`;

export async function fetchReportRules(uid: string): Promise<AuditResult> {
  return (await http.get<AuditResult>(reportRulesKey(uid))).data;
}

/** The audit result; 404 when no audit was uploaded. */
export function useReportRules(uid: string) {
  return useApi<AuditResult>(reportRulesKey(uid), { fetcher: () => fetchReportRules(uid) });
}
