const { createJestConfig } = require('@console/shared/toolchain/jest.cjs');

module.exports = createJestConfig(__dirname);
