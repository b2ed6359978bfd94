const { createJestConfig } = require('@console/shared/build/jest.cjs');

module.exports = createJestConfig(__dirname);
