// Generated at build time by shared/toolchain/share-scope.cjs (empty under jest).
declare module 'console-share-scope' {
  import type { init, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

  export const shared: NonNullable<Parameters<typeof init>[0]['shared']>;
  export const runtimePlugins: ModuleFederationRuntimePlugin[];
}
