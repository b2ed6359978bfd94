// The audit trail (alert status history, credential trails) and bulk status changes: the API's
// schemas in @console/contracts.
export type {
  Actor,
  AlertBulkStatus,
  AlertBulkStatusAnswer,
  AlertFilter,
  AlertHistory,
  AlertStatusChange,
  CredentialAction,
  CredentialEvent,
  CredentialKind,
  CredentialTrail,
} from '@console/contracts';
