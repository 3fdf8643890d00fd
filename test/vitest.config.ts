// Three tiers, all in `npm test` (test/README.md): `unit` runs in this process (no child process;
// a test that edits files edits a temporary copy) and takes seconds; `e2e` is what must be real:
// the commands, the packed package, Prism, Chromium, other generators, and the type tests (run by
// tsc); `languages` runs other languages' generators and Schemathesis. `npm run test:unit` runs the first.
import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Where the unit tier's scratch folders go (its temporary projects, and the builds' staging and
 * scratch folders inside them): a memory file system, where there is one with room and TMPDIR does
 * not say otherwise. Creating a file costs about a millisecond on some disks (measured on the VM
 * this was written on: 100 files of 15 KB in 110 ms on /tmp, 3 ms on /dev/shm), and the tier
 * writes thousands. Only the unit tier: it starts no program from them (the e2e tier does, and
 * /dev/shm may be noexec). Docker's default /dev/shm (64 MB) is too small and is left alone.
 */
function memoryTemporaryFolder(): Record<string, string> {
  if (process.env.TMPDIR) return {};
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    return bavail * bsize >= 1024 ** 3 ? { TMPDIR: '/dev/shm' } : {};
  } catch {
    return {};
  }
}

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    projects: [
      {
        extends: true,
        // The unit files share one module graph per worker: they import the same heavy linters, and
        // none keeps state between tests in a module but memos of pure functions (the overlays'
        // standard lint, linted() in scripts/overlay/overlaid-description.ts, by its text).
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          env: memoryTemporaryFolder(),
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // As the unit tier: the files of a worker share one module graph (the toolchain, the SDKs,
          // the linters loaded once, not once per file: 20 s of the tier's CPU); a file that needs
          // its own copy of the toolchain's modules (a clone's own scripts) loads them from the clone.
          isolate: false,
          // The run's one read-only fixture, made before the first file (support/fixture.ts).
          globalSetup: ['test/support/e2e-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Type tests (`*.test-d.ts`) run through tsc; a type error fails the run.
          // Only the type tests and what they import: `npm run typecheck` checks the rest.
          typecheck: { enabled: true, include: ['test/e2e/**/*.test-d.ts'], tsconfig: 'test/tsconfig.type-tests.json', ignoreSourceErrors: false },
        },
      },
      {
        extends: true,
        // Other languages' generators and Schemathesis, with the tools .ci/install-languages installs.
        test: {
          name: 'languages',
          include: ['test/languages/**/*.test.ts'],
          // One JVM makes every OpenAPI Generator client the run needs, beside the tier's first files.
          globalSetup: ['test/support/languages-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
    // Two workers on two cores. Measured on the 2-core VM, whole suite: three workers 220 s wall and
    // 373 s CPU, two 223 s and 353 s, one 299 s and 312 s. The e2e files now share one fixture and
    // start few processes, so a third worker no longer fills waits; it only adds a module graph.
    maxWorkers: 2,
    // Marks the processes the tests start and ends those still running at the end (no Kotlin,
    // Gradle, Maven, Prism, Verdaccio or browser process left behind).
    globalSetup: ['test/support/global-setup.ts'],
    // A failed `toEqual` names what it got (not `[ …(2) ]`): the failure's first line is all that
    // .ci/failed-tests.cjs shows at the end of a CI log.
    chaiConfig: { truncateThreshold: 1000 },
  },
});
