import type { AssessmentType } from '@console/shared';

export const ASSESSMENT_TYPE_LABELS: Record<AssessmentType, string> = { system: 'System', application: 'Application' };

export function assessmentTypeLabel(type: string): string {
  return ASSESSMENT_TYPE_LABELS[type as AssessmentType] ?? type;
}
