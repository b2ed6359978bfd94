// `console-share-scope`: what the host offers the remotes through the federation runtime.
// In webpack builds of the host, share-scope.cjs replaces this file with the generated list (one
// entry per shared module, see hostShareScope there); this empty version is what jest sees.
export const shared = {};
export const runtimePlugins = [];
