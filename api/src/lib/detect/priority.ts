/** Alert priorities (alerts, detections, the rules that raise them). */
export const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'] as const
export type Priority = (typeof PRIORITIES)[number]
/** Critical 4 … Low 1, stored beside the priority so lists sort by severity. */
export const priorityRank = (priority: Priority): number => 4 - PRIORITIES.indexOf(priority)
