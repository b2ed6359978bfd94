import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// A runtime plugin must not import react at its top level: it runs before the share scope exists.
export default function errorLoadRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'console-error-load-remote',
    errorLoadRemote(args) {
      console.error(`Remote module ${args.id} failed to load (${args.lifecycle})`, args.error);
      // Nothing to fall back to: the route's error boundary shows the message and Retry.
      return undefined;
    },
  };
}
