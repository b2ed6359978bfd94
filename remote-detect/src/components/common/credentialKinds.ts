import type { CredentialKind } from '@console/shared';

/** Each credential kind's name in the plural, as its history title and CSV export say it. */
export const CREDENTIAL_PLURAL: Record<CredentialKind, string> = {
  'provision-token': 'provision tokens',
  'api-key': 'API keys',
};
