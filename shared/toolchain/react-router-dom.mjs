// `react-router-dom` in webpack builds: v7 re-exports react-router, so this is the same facade.
// A file of its own so that each share key (`react-router`, `react-router-dom`) has its own
// provided module; both hold the one router of the page (see react-router.mjs).
export * from './react-router.mjs';
