import type { AlertPriority } from '@console/contracts'
/** Alert priorities (alerts, detections, the rules that raise them). */
export const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'] as const satisfies readonly AlertPriority[]
export type Priority = AlertPriority
/** Critical 4 … Low 1, stored beside the priority so lists sort by severity. */
export const priorityRank = (priority: Priority): number => 4 - PRIORITIES.indexOf(priority)
