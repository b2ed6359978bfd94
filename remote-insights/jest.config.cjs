const { createJestConfig } = require('@console/shared/toolchain/jest.cjs');

// The report tabs are exercised through many MUI interactions per test (selects, sorting, paging,
// dialogs); on a loaded shared machine one such test can pass 5 s. A hang still fails.
module.exports = createJestConfig(__dirname, { testTimeout: 20000 });
