import type { AlertBulkStatusAnswer } from '@console/shared';

/** "Closed: 48 changed, 2 unchanged, 0 rejected." — what the change did, in the API's three counts. */
export function bulkResultText(verb: string, answer: AlertBulkStatusAnswer): string {
  const past = verb === 'Close' ? 'Closed' : 'Reopened';
  return `${past}: ${answer.changed} changed, ${answer.unchanged} unchanged, ${answer.rejected.length} rejected.`;
}
