// `npm run verify` in the test's own process (scripts/commands/verify.ts, through runCommand): its
// exit code and what it printed, and the verdict line of one operation in its table.
import { runCommand } from './run-command.ts';

/** Runs `verify` in this process at 10 requests a second; its exit code and what it printed (lines, without the last line break). */
export async function verifyHere(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await runCommand('verify', ['--rate', '10', ...args]);
  return { code, out: stdout.replace(/\n$/, ''), err: stderr.replace(/\n$/, '') };
}

/** The verdict line of `operationId` in the terminal table. */
export const verdictOf = (output: string, operationId: string) => output.split('\n').find((line) => new RegExp(`^[a-z ]+ {2,}${operationId} `).test(line));
