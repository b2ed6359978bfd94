// One jest configuration for the shared package, the host and every remote.
const path = require('node:path');

function createJestConfig(appDir, extra = {}) {
  return {
    rootDir: appDir,
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
    moduleNameMapper: {
      '\\.(svg|png|jpg)$': path.join(__dirname, 'file-stub.cjs'),
      // Apps draw charts only through @console/shared's ApexChart and no longer depend on the
      // library: a test's jest.mock('react-apexcharts') stands for the copy @console/shared imports.
      '^react-apexcharts$': require.resolve('react-apexcharts', { paths: [path.join(__dirname, '..')] }),
      ...(extra.moduleNameMapper ?? {}),
    },
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    // The limit catches a hung test, not a slow one: on a loaded 2-core machine a page test that
    // renders MUI tables takes several seconds (jest's 5 s default failed there, never elsewhere).
    testTimeout: 20_000,
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'moduleNameMapper')),
  };
}

module.exports = { createJestConfig };
