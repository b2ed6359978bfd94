import { IncompatibleRemoteError } from './IncompatibleRemoteError';
import { REMOTE_LABELS, type RemoteName } from './remoteCatalog';

/** What a remote's page says when it cannot be shown: the refusal itself, or that it could not be loaded. */
export function failureMessage(remote: RemoteName, error: unknown): string {
  if (error instanceof IncompatibleRemoteError) return error.message;
  return `The ${REMOTE_LABELS[remote]} module could not be loaded.`;
}
