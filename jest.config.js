/**
 * Jest on native ESM (middy 7 ships ESM only): run through `node --experimental-vm-modules`, with
 * ts-jest transpiling TypeScript per file (type checking is `npm run typecheck`'s job).
 * @type {import('jest').Config}
 */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  setupFiles: ['<rootDir>/tests/support/setup-env.ts'],
  testTimeout: 30_000,
  // Servers and browsers are started by the tests that need them; two workers suit a 2-core machine.
  maxWorkers: 2,
};
