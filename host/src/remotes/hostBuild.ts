export interface HostBuild {
  name: string;
  version: string;
  buildTime: string;
  /** Exact version of each singleton and of the federation runtime. */
  provides: Record<string, string>;
}

/** This host's version, build time and the versions it provides to the remotes (none known under jest). */
export const HOST_BUILD: HostBuild =
  typeof CONSOLE_BUILD === 'undefined' ? { name: 'host', version: 'unknown', buildTime: '', provides: {} } : CONSOLE_BUILD;
