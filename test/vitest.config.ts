import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Subprocess-heavy tests (lint, build on repo copies) share two cores.
    maxWorkers: 2,
  },
});
