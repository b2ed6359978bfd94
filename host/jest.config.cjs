const path = require('node:path');
const { createJestConfig } = require('@console/shared/build/jest.cjs');

module.exports = createJestConfig(__dirname, {
  moduleNameMapper: {
    '^@module-federation/enhanced/runtime$': path.join(__dirname, 'src/remotes/__mocks__/federationRuntime.ts'),
  },
});
