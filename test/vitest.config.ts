import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests (`*.test-d.ts`) run through tsc; a type error fails the run.
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: 'tsconfig.json',
      ignoreSourceErrors: false,
    },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Subprocess-heavy tests (lint, build on repo copies) share two cores.
    maxWorkers: 2,
  },
});
