import { defineConfig } from 'vitest/config';

const UNIT = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const SERIAL = ['test/e2e/**/*.test.ts', 'test/lab/**/*.test.ts', 'test/**/*.serial.test.ts', 'test/**/*.serial.test.tsx'];

export default defineConfig({
  test: {
    // include lives in the projects below (a root include would be merged into both).
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Process-heavy suites (lab, pty, pack) run in the 'serial' project: one
    // file at a time, after the unit project, so they never compete with each
    // other or with the unit tests for the two cores. See test/README.md.
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: SERIAL } },
      {
        extends: true,
        test: { name: 'serial', include: SERIAL, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/core/**', 'src/content/**', 'src/render/**'],
      reporter: ['text-summary', 'text'],
      // Each folder on its own, so one well-tested folder cannot hide the other.
      thresholds: { 'src/core/**': { lines: 90 }, 'src/content/**': { lines: 90 } },
    },
  },
});
