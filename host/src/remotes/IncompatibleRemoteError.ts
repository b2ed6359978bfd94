/** A remote whose contract this host does not meet (./contract); its message is the refusal. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
}
