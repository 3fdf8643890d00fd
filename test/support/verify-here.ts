// `npm run verify` in the test's own process: its exit code and what it printed, and the verdict
// line of one operation in its table.
import { verify } from '../../scripts/verify/verify.ts';
import { checkout, root } from './helpers.ts';

/** Runs `verify` in this process at 10 requests a second; its exit code and what it printed. */
export async function verifyHere(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verify(checkout, ['--rate', '10', ...args], { out: (text) => out.push(text), err: (text) => err.push(text), cwd: root });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The verdict line of `operationId` in the terminal table. */
export const verdictOf = (output: string, operationId: string) => output.split('\n').find((line) => new RegExp(`^[a-z ]+ {2,}${operationId} `).test(line));
