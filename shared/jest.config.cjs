const { createJestConfig } = require('./toolchain/jest.cjs');

module.exports = createJestConfig(__dirname);
