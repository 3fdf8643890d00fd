// The guarantees table (test/support/guarantees.ts) for the Java SDK, with the rows of the SDKs
// that decode into the description's types and those of error kinds and per-call options: one JVM
// for the whole table (sdk/SdkDriver.java here, compiled with the committed generated/sdk/java by
// one javac, reused while they are the same), which takes every lane's calls, tagged with an id,
// and runs each on a thread of its own.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import { depthRows, type Driver, type GuaranteeDrivers, type Outcome, typedBodyRows, undeclaredKeyRow } from '../../support/guarantees.ts';
import { quickJvm } from '../../support/languages.ts';
import { compiledPrograms, programClasspath } from './sdk/java-build.ts';

/** The one driver process, shared by the lanes: started by the first, ended by the last to close. */
let shared: Promise<{ driver: Driver; end(): Promise<number | null>; stderr(): string }> | undefined;
let users = 0;

function startDriver(scratch: string): Promise<{ driver: Driver; end(): Promise<number | null>; stderr(): string }> {
  return (shared ??= (async () => {
    const { classes } = await compiledPrograms(scratch, 'java-sdk-driver');
    const child = spawn('java', [...quickJvm, '-cp', programClasspath(classes), 'SdkDriver'], { cwd: scratch, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const waiting = new Map<number, (outcome: Outcome) => void>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const { id, outcome } = JSON.parse(line) as { id: number; outcome: Outcome };
      waiting.get(id)?.(outcome);
      waiting.delete(id);
    });
    let next = 0;
    const driver: Driver = (call) => {
      const id = (next += 1);
      return Promise.race([
        new Promise<Outcome>((resolve) => {
          waiting.set(id, resolve);
          child.stdin.write(`${JSON.stringify({ id, call })}\n`);
        }),
        exited.then((code): Outcome => {
          throw new Error(`the Java driver exited (${code}) without an answer:\n${stderr}`);
        }),
      ]);
    };
    const end = async () => {
      child.stdin.end();
      const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000).unref())]);
      if (code === 'hung') child.kill('SIGKILL');
      return code === 'hung' ? null : code;
    };
    return { driver, end, stderr: () => stderr };
  })());
}

const drivers: GuaranteeDrivers = {
  needs: ['java-sdk'],
  clients: [
    {
      start: async (scratch) => {
        users += 1;
        const started = await startDriver(scratch);
        return {
          driver: started.driver,
          close: async () => {
            users -= 1;
            if (users > 0) return;
            expect(await started.end(), `the Java driver exited at the end of its input:\n${started.stderr()}`).toBe(0);
          },
        };
      },
      rows: [...typedBodyRows, ...depthRows, undeclaredKeyRow],
      // Six lanes in the one JVM (a lane costs a thread and two servers): most of a row's time is a wait.
      lanes: 6,
    },
  ],
};
export default drivers;
