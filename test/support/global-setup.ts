// The test run's global setup (test/vitest.config.ts): marks every process the tests start, runs
// git without the machine's settings, and ends on teardown (after a failed test too) the Kotlin,
// Gradle, Maven, Prism, Verdaccio and browser processes still running with that mark. Children
// inherit the mark through their environment, daemons included, so .ci/leftover-processes finds
// them by it; `.ci/run` sets the mark itself and checks after `npm test` that none is left.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function setup(): () => Promise<void> {
  process.env.EMAIL_DELIVERY_TEST_RUN ||= `vitest-${process.pid}-${randomUUID()}`;
  // git as on a new machine (CI's may be one): no user's or system's settings, so no name and
  // email to commit with unless a test's repository sets its own.
  process.env.GIT_CONFIG_GLOBAL = '/dev/null';
  process.env.GIT_CONFIG_NOSYSTEM = '1';
  return async () => {
    const { stderr } = await promisify(execFile)('bash', [path.join(root, '.ci', 'leftover-processes'), '--kill'], { timeout: 30_000 });
    if (stderr) process.stderr.write(stderr);
  };
}
