// Compiled in by the host's webpack build (shared/toolchain/release.cjs); undefined under jest.
declare const CONSOLE_BUILD: import('../remotes/hostBuild').HostBuild | undefined;
